/** Retries an assertion until it passes or the time is up (for effects of asynchronous events). */
export async function eventually(assertion: () => Promise<void> | void, timeoutMs = 5000, everyMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }
}
