import type { CheckResult } from './health-report';

/** One named dependency of readiness (Postgres, NATS, Redis…). */
export interface DependencyCheck {
  name: string;
  /** Resolves true when the dependency answers; false or a rejection counts as down. */
  check: () => Promise<boolean>;
  /** Past this the check counts as down, whatever it answers later (default: the monitor's). */
  timeoutMs?: number;
}

/** Errors are cut to this length in answers: enough to tell the cause, never a dump. */
const MAX_ERROR_LENGTH = 200;

/**
 * Runs one check within its time limit. Never rejects and never waits past the limit: a
 * dependency that hangs is a dependency that is down.
 */
export async function runCheck(dependency: DependencyCheck, defaultTimeoutMs: number, now: () => number = () => performance.now()): Promise<CheckResult> {
  const timeoutMs = dependency.timeoutMs ?? defaultTimeoutMs;
  const started = now();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'DOWN', error: `timed out after ${timeoutMs} ms`, durationMs: timeoutMs }), timeoutMs);
  });
  const answered = Promise.resolve()
    .then(dependency.check)
    .then(
      (up): CheckResult =>
        up ? { status: 'UP', durationMs: elapsed(started, now) } : { status: 'DOWN', error: 'unavailable', durationMs: elapsed(started, now) },
      (err: unknown): CheckResult => ({ status: 'DOWN', error: messageOf(err), durationMs: elapsed(started, now) }),
    );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

function elapsed(started: number, now: () => number): number {
  return Math.round(now() - started);
}

function messageOf(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return (message || 'failed').slice(0, MAX_ERROR_LENGTH);
}
