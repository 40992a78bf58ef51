export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

/** Exponential delay for the n-th consecutive attempt (1-based): base, 2·base, 4·base … capped at max. */
export function backoffDelay(attempt: number, { baseMs, maxMs }: BackoffOptions): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 30));
  return Math.min(maxMs, baseMs * 2 ** exponent);
}

/** Resolves after ms, or at once when the signal aborts (never rejects). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
