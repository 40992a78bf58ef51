import { backoffDelay, sleep } from './backoff';

describe('backoffDelay', () => {
  it('doubles from the base and stops at the cap', () => {
    const options = { baseMs: 1000, maxMs: 60_000 };
    expect([1, 2, 3, 4, 6, 7, 8, 100].map((n) => backoffDelay(n, options))).toEqual([1000, 2000, 4000, 8000, 32_000, 60_000, 60_000, 60_000]);
    expect(backoffDelay(0, options)).toBe(1000);
  });
});

describe('sleep', () => {
  it('ends early when aborted', async () => {
    const abort = new AbortController();
    const started = Date.now();
    const slept = sleep(10_000, abort.signal);
    abort.abort();
    await slept;
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
