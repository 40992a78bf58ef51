/** Retries an assertion until it passes or the time is up (effects of events and background jobs). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 8000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}
