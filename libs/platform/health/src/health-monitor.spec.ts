import type { DependencyCheck } from './dependency-check';
import { HealthMonitor, type HealthMonitorOptions } from './health-monitor';
import type { HealthReport } from './health-report';

/** A dependency whose answer the test sets, counting how often it was asked. */
function fakeDependency(name: string, up = true): { up: boolean; calls: number; check: DependencyCheck } {
  const dependency = { up, calls: 0, check: { name, check: async () => (dependency.calls++, dependency.up) } };
  return dependency;
}

describe('the health monitor', () => {
  let clock: number;
  const started = (checks: DependencyCheck[], options: HealthMonitorOptions = {}) => {
    const monitor = new HealthMonitor(checks, { now: () => clock, ...options });
    monitor.markStarted();
    return monitor;
  };

  beforeEach(() => {
    clock = 0;
  });
  afterEach(() => jest.useRealTimers());

  it('is UP when every dependency answers, with each check by name', async () => {
    const monitor = started([fakeDependency('postgres').check, fakeDependency('nats').check]);
    await expect(monitor.readiness()).resolves.toEqual({
      status: 'UP',
      checks: { postgres: { status: 'UP', durationMs: 0 }, nats: { status: 'UP', durationMs: 0 } },
    });
  });

  it('is DOWN while one dependency is down, naming it', async () => {
    const monitor = started([fakeDependency('postgres').check, fakeDependency('nats', false).check]);
    const report = await monitor.readiness();
    expect(report.status).toBe('DOWN');
    expect(report.checks['nats']).toMatchObject({ status: 'DOWN', error: 'unavailable' });
    expect(report.checks['postgres']).toMatchObject({ status: 'UP' });
  });

  it('counts a check that hangs past its timeout as DOWN', async () => {
    jest.useFakeTimers();
    const monitor = started([{ name: 'postgres', check: () => new Promise<boolean>(() => undefined) }], { timeoutMs: 300 });
    const report = monitor.readiness();
    await jest.advanceTimersByTimeAsync(300);
    await expect(report).resolves.toEqual({ status: 'DOWN', checks: { postgres: { status: 'DOWN', error: 'timed out after 300 ms', durationMs: 300 } } });
  });

  it('is STARTING until the process says it serves, whatever its checks say', async () => {
    const monitor = new HealthMonitor([fakeDependency('postgres').check], { now: () => clock });
    await expect(monitor.readiness()).resolves.toMatchObject({ status: 'STARTING', checks: { postgres: { status: 'UP' } } });
    monitor.markStarted();
    await expect(monitor.readiness()).resolves.toMatchObject({ status: 'UP' });
  });

  it('reuses a readiness answer for cacheMs, so probes do not hammer the dependencies', async () => {
    const db = fakeDependency('postgres');
    const monitor = started([db.check], { cacheMs: 1000 });
    await monitor.readiness();
    db.up = false;
    clock = 999;
    await expect(monitor.readiness()).resolves.toMatchObject({ status: 'UP' });
    expect(db.calls).toBe(1);
    clock = 1000;
    await expect(monitor.readiness()).resolves.toMatchObject({ status: 'DOWN' });
    expect(db.calls).toBe(2);
  });

  it('runs the checks once for probes asking at the same time', async () => {
    const db = fakeDependency('postgres');
    const monitor = started([db.check]);
    await Promise.all([monitor.readiness(), monitor.readiness(), monitor.readiness()]);
    expect(db.calls).toBe(1);
  });

  it('runs the checks afresh on probe(), whatever the cache holds', async () => {
    const db = fakeDependency('postgres');
    const monitor = started([db.check]);
    await monitor.readiness();
    db.up = false;
    await expect(monitor.probe()).resolves.toMatchObject({ status: 'DOWN' });
    await expect(monitor.readiness()).resolves.toMatchObject({ status: 'DOWN' });
    expect(db.calls).toBe(2);
  });

  it('is DRAINING at once after drain(), without asking any dependency, while liveness stays UP', async () => {
    const db = fakeDependency('postgres');
    const monitor = started([db.check]);
    await monitor.readiness();
    monitor.drain();
    await expect(monitor.readiness()).resolves.toEqual({ status: 'DRAINING', checks: {} });
    await expect(monitor.probe()).resolves.toEqual({ status: 'DRAINING', checks: {} });
    expect(db.calls).toBe(1);
    expect(monitor.liveness()).toEqual({ status: 'UP', checks: {} });
    expect(monitor.isDraining()).toBe(true);
  });

  it('answers DRAINING to a probe that was waiting on a check when the drain began', async () => {
    let answer: (up: boolean) => void = () => undefined;
    const monitor = started([{ name: 'postgres', check: () => new Promise<boolean>((resolve) => (answer = resolve)) }]);
    const report = monitor.readiness();
    monitor.drain();
    answer(true);
    await expect(report).resolves.toEqual({ status: 'DRAINING', checks: {} });
  });

  it('keeps liveness UP while every dependency is down', async () => {
    const monitor = started([fakeDependency('postgres', false).check]);
    await monitor.readiness();
    expect(monitor.liveness()).toEqual({ status: 'UP', checks: {} });
  });

  it('tells its listeners when the status changes, and only then', async () => {
    const db = fakeDependency('postgres');
    const monitor = new HealthMonitor([db.check], { now: () => clock, cacheMs: 0 });
    const seen: HealthReport['status'][] = [];
    const unsubscribe = monitor.onChange((report) => seen.push(report.status));
    await monitor.readiness();
    monitor.markStarted();
    await monitor.readiness();
    await monitor.readiness();
    db.up = false;
    await monitor.readiness();
    monitor.drain();
    unsubscribe();
    expect(seen).toEqual(['STARTING', 'UP', 'DOWN', 'DRAINING']);
  });

  it('logs when a dependency goes down and when it comes back', async () => {
    const logger = { info: jest.fn(), warn: jest.fn() };
    const db = fakeDependency('postgres');
    const monitor = started([db.check], { logger, cacheMs: 0 });
    await monitor.readiness();
    db.up = false;
    await monitor.readiness();
    await monitor.readiness();
    db.up = true;
    await monitor.readiness();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith({ failing: { postgres: 'unavailable' } }, expect.any(String));
    expect(logger.info).toHaveBeenCalledTimes(1);
  });

  it('is UP without any dependency once started', async () => {
    await expect(started([]).readiness()).resolves.toEqual({ status: 'UP', checks: {} });
  });
});
