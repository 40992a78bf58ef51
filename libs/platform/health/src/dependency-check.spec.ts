import { runCheck } from './dependency-check';

describe('a dependency check', () => {
  afterEach(() => jest.useRealTimers());

  it('is UP when the dependency answers, with the time it took', async () => {
    let t = 100;
    const now = () => t;
    const result = await runCheck({ name: 'postgres', check: async () => ((t += 7), true) }, 1000, now);
    expect(result).toEqual({ status: 'UP', durationMs: 7 });
  });

  it('is DOWN when the dependency answers false', async () => {
    await expect(runCheck({ name: 'nats', check: async () => false }, 1000)).resolves.toMatchObject({ status: 'DOWN', error: 'unavailable' });
  });

  it('is DOWN with the error when the check throws, even synchronously', async () => {
    await expect(runCheck({ name: 'redis', check: async () => Promise.reject(new Error('ECONNREFUSED')) }, 1000)).resolves.toMatchObject({
      status: 'DOWN',
      error: 'ECONNREFUSED',
    });
    const throwing = () => {
      throw new Error('no client');
    };
    await expect(runCheck({ name: 'redis', check: throwing }, 1000)).resolves.toMatchObject({ status: 'DOWN', error: 'no client' });
  });

  it('counts a check that hangs past its timeout as DOWN, without waiting for it', async () => {
    jest.useFakeTimers();
    const result = runCheck({ name: 'postgres', check: () => new Promise<boolean>(() => undefined) }, 1500);
    await jest.advanceTimersByTimeAsync(1500);
    await expect(result).resolves.toEqual({ status: 'DOWN', error: 'timed out after 1500 ms', durationMs: 1500 });
  });

  it("uses the check's own timeout over the default", async () => {
    jest.useFakeTimers();
    let settled = false;
    const result = runCheck({ name: 'slow', timeoutMs: 50, check: () => new Promise<boolean>(() => undefined) }, 1500).finally(() => (settled = true));
    await jest.advanceTimersByTimeAsync(49);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toMatchObject({ status: 'DOWN', error: 'timed out after 50 ms' });
  });

  it('cuts a long error message', async () => {
    const result = await runCheck({ name: 'x', check: async () => Promise.reject(new Error('e'.repeat(1000))) }, 1000);
    expect(result.error).toHaveLength(200);
  });
});
