import { Navigate } from 'react-router';
import { useSession } from '../session/use-session';

/** Placeholder until the member app lands: signed-in members see their start page, others sign in. */
export function HomePage() {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return (
    <main id="main">
      <h1>Welcome</h1>
    </main>
  );
}
