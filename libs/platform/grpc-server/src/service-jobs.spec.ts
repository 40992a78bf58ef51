import { isExclusive, nextRunDelay, type ServiceJob } from './service-jobs';

const job = (parts: Partial<ServiceJob> = {}): ServiceJob => ({ name: 'j', intervalMs: 1000, run: async () => 0, ...parts }) as ServiceJob;

describe('when a service job runs next', () => {
  it('waits its interval after a run, a skipped run and, without a back-off, a failed one', () => {
    expect(nextRunDelay(job(), { rows: 5 }, 0)).toBe(1000);
    expect(nextRunDelay(job(), 'skipped', 0)).toBe(1000);
    expect(nextRunDelay(job(), 'failed', 3)).toBe(1000);
  });

  it('runs a busy job that repeats while busy at once, and waits once it found nothing', () => {
    expect(nextRunDelay(job({ repeatWhileBusy: true }), { rows: 5 }, 0)).toBe(0);
    expect(nextRunDelay(job({ repeatWhileBusy: true }), { rows: 0 }, 0)).toBe(1000);
    expect(nextRunDelay(job({ repeatWhileBusy: true }), 'skipped', 0)).toBe(1000);
  });

  it('doubles the wait with each failure in a row, up to the maximum, never below the interval', () => {
    const backingOff = job({ intervalMs: 500, failureBackoffMaxMs: 30_000 });
    expect([1, 2, 3, 6, 7, 40].map((failures) => nextRunDelay(backingOff, 'failed', failures))).toEqual([1000, 2000, 4000, 30_000, 30_000, 30_000]);
    expect(nextRunDelay(job({ intervalMs: 60_000, failureBackoffMaxMs: 30_000 }), 'failed', 1)).toBe(60_000);
  });

  it('runs a job on one replica at a time unless it says every replica', () => {
    expect(isExclusive(job())).toBe(true);
    expect(isExclusive(job({ runsOn: 'one-replica' }))).toBe(true);
    expect(isExclusive(job({ runsOn: 'every-replica' }))).toBe(false);
  });
});
