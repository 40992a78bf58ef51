/**
 * Runs `work` until it succeeds, `isTransient(err)` is false, or `attempts` tries are used; the
 * pause before try n+1 is `backoffMs · 2^(n-1)` (with up to 20 % jitter). `aborted` ends the
 * waiting early (the last error is thrown).
 */
export async function withRetry<T>(
  work: () => Promise<T>,
  options: {
    attempts: number;
    backoffMs: number;
    isTransient: (err: unknown) => boolean;
    aborted?: () => boolean;
    onRetry?: (err: unknown, attempt: number) => void;
  },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= options.attempts || !options.isTransient(err) || options.aborted?.()) throw err;
      options.onRetry?.(err, attempt);
      const pause = options.backoffMs * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, pause + Math.random() * pause * 0.2));
    }
  }
}
