/**
 * The one JSON shape of every health answer (`/healthz`, `/readyz`), on every app:
 * `{"status":"UP","checks":{"postgres":{"status":"UP","durationMs":3}}}`.
 *
 * - `UP`: serving (readiness 200).
 * - `DOWN`: a dependency check failed or timed out (503).
 * - `STARTING`: the process is not serving yet (migrations, listeners), whatever its checks say (503).
 * - `DRAINING`: shutting down; readiness fails at once, no check is run (503).
 */
export type HealthStatus = 'UP' | 'DOWN' | 'STARTING' | 'DRAINING';

/** The outcome of one named dependency check. */
export interface CheckResult {
  status: 'UP' | 'DOWN';
  /** Why it is down: the check's error, `timed out after N ms`, or `unavailable`. */
  error?: string;
  durationMs: number;
}

export interface HealthReport {
  status: HealthStatus;
  checks: Record<string, CheckResult>;
}

/** The HTTP status of a readiness answer: 200 only when serving. */
export function readinessHttpStatus(report: HealthReport): 200 | 503 {
  return report.status === 'UP' ? 200 : 503;
}
