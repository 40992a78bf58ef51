/** Placeholder until the console lands (issue 24): the react-admin app under /admin. */
export function AdminApp() {
  return (
    <main id="main">
      <h1>Administration</h1>
    </main>
  );
}
