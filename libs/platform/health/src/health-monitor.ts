import type { Logger } from '@platform/telemetry';
import { runCheck, type DependencyCheck } from './dependency-check';
import type { CheckResult, HealthReport, HealthStatus } from './health-report';

export interface HealthMonitorOptions {
  /** A readiness answer is reused this long, so frequent probes do not hammer the dependencies (default 1 s). */
  cacheMs?: number;
  /** A check's time limit unless it sets its own (default 1.5 s: under the probes' 2 s timeout). */
  timeoutMs?: number;
  /** Told when a dependency goes down or comes back. */
  logger?: Pick<Logger, 'info' | 'warn'>;
  /** Milliseconds, for the cache and the checks' durations; tests pass their own clock. */
  now?: () => number;
}

type Phase = 'STARTING' | 'RUNNING' | 'DRAINING';
type Checks = Record<string, CheckResult>;

export const DEFAULT_READINESS_CACHE_MS = 1000;
export const DEFAULT_CHECK_TIMEOUT_MS = 1500;

/**
 * Whether a process can serve. Liveness is the process answering, whatever its dependencies do (a
 * database outage must never restart every pod). Readiness is STARTING until `markStarted()`, then
 * UP while every dependency check passes and DOWN otherwise, and DRAINING from `drain()` on (at once,
 * without running a check). Checks run on demand, at most once per `cacheMs`, concurrent askers
 * sharing one run.
 */
export class HealthMonitor {
  private phase: Phase = 'STARTING';
  private latest?: { at: number; run: number; checks: Checks };
  private running?: Promise<Checks>;
  private runs = 0;
  private published?: HealthStatus;
  private failing = '';
  private readonly listeners = new Set<(report: HealthReport) => void>();
  private readonly cacheMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(
    private readonly dependencies: DependencyCheck[],
    private readonly options: HealthMonitorOptions = {},
  ) {
    this.cacheMs = options.cacheMs ?? DEFAULT_READINESS_CACHE_MS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
    this.now = options.now ?? (() => performance.now());
  }

  /** The process answers: always UP, no dependency is asked. */
  liveness(): HealthReport {
    return { status: 'UP', checks: {} };
  }

  /** Readiness, from the last run of the checks when it is younger than `cacheMs`. */
  async readiness(): Promise<HealthReport> {
    if (this.phase === 'DRAINING') return this.report({});
    const cached = this.latest && this.now() - this.latest.at < this.cacheMs ? this.latest.checks : undefined;
    return this.report(cached ?? (await (this.running ?? this.runChecks())));
  }

  /** Readiness from a fresh run of the checks, whatever the cache holds. */
  async probe(): Promise<HealthReport> {
    if (this.phase === 'DRAINING') return this.report({});
    return this.report(await this.runChecks());
  }

  /** The process serves from now on: readiness follows the checks. */
  markStarted(): void {
    if (this.phase !== 'STARTING') return;
    this.phase = 'RUNNING';
    this.publish();
  }

  /** Shutting down (SIGTERM): readiness is DRAINING from now on, whatever the dependencies say. */
  drain(): void {
    if (this.phase === 'DRAINING') return;
    this.phase = 'DRAINING';
    this.publish();
  }

  isDraining(): boolean {
    return this.phase === 'DRAINING';
  }

  /** Calls `listener` whenever the readiness status changes; returns the unsubscribe. */
  onChange(listener: (report: HealthReport) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private runChecks(): Promise<Checks> {
    const run = this.execute(++this.runs).finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }

  private async execute(run: number): Promise<Checks> {
    const results = await Promise.all(this.dependencies.map(async (d) => [d.name, await runCheck(d, this.timeoutMs, this.now)] as const));
    const checks: Checks = Object.fromEntries(results);
    // A run that finishes after a later one must not overwrite the newer answer.
    if (!this.latest || run > this.latest.run) {
      this.latest = { at: this.now(), run, checks };
      this.logChanges(checks);
      this.publish();
    }
    return checks;
  }

  private report(checks: Checks): HealthReport {
    if (this.phase === 'DRAINING') return { status: 'DRAINING', checks: {} };
    if (this.phase === 'STARTING') return { status: 'STARTING', checks };
    return { status: Object.values(checks).every((c) => c.status === 'UP') ? 'UP' : 'DOWN', checks };
  }

  private publish(): void {
    // Started but never checked: nothing to tell yet (the first run publishes).
    if (this.phase === 'RUNNING' && !this.latest && this.dependencies.length) return;
    const report = this.report(this.latest?.checks ?? {});
    if (report.status === this.published) return;
    this.published = report.status;
    for (const listener of this.listeners) listener(report);
  }

  private logChanges(checks: Checks): void {
    const down = Object.entries(checks).filter(([, c]) => c.status === 'DOWN');
    const failing = down.map(([name]) => name).join();
    if (failing === this.failing) return;
    this.failing = failing;
    if (down.length)
      this.options.logger?.warn({ failing: Object.fromEntries(down.map(([name, c]) => [name, c.error])) }, 'dependencies unavailable: not ready');
    else this.options.logger?.info('dependencies available: ready');
  }
}
