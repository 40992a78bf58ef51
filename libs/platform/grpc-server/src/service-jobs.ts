import type { ClientBase, Pool, PoolClient } from 'pg';
import type { Registry } from 'prom-client';
import { counter, type Logger } from '@platform/telemetry';

/** When a service job runs, whichever replica runs it. */
interface JobSchedule {
  /** Names the job in logs, metrics and its lock; unique within the service. */
  name: string;
  /** Time from the end of one run to the start of the next. */
  intervalMs: number;
  /** Lets the service start the next run early, e.g. when it has just queued work for the job. */
  wake?: JobWake;
  /** A run that affected rows is followed at once by the next, not after the interval: a queue drains as fast as it can. */
  repeatWhileBusy?: boolean;
  /**
   * After consecutive failed runs the next waits interval·2^failures, at most this long (a database
   * outage neither spins a short-interval job nor floods the log). Without it a failed run is
   * followed after the interval.
   */
  failureBackoffMaxMs?: number;
}

/**
 * A service's periodic work that one replica at a time does (cleanup, expiry, schedulers): each run
 * holds a Postgres advisory lock of its schema and name, and a replica that finds it taken skips
 * that run. The default kind.
 */
export interface ExclusiveJob extends JobSchedule {
  runsOn?: 'one-replica';
  /**
   * One run; answers how many rows it deleted or changed. `sql` is the connection holding the
   * job's lock, for jobs that work in plain SQL (each statement commits on its own).
   */
  run: (sql: ClientBase) => Promise<number>;
}

/**
 * Work every replica does, without a lock: for queues whose items each run claims for itself (a
 * lease, `FOR UPDATE SKIP LOCKED`), so the replicas share the load and none waits for another.
 */
export interface EveryReplicaJob extends JobSchedule {
  runsOn: 'every-replica';
  /** One run; answers how many items it handled. */
  run: () => Promise<number>;
}

/** A service's periodic work, run by the service kit. */
export type ServiceJob = ExclusiveJob | EveryReplicaJob;

/**
 * Starts a job's next run now instead of at its interval (right after the run in progress, if
 * one is), for work just queued in this process. Only the timer moves: an exclusive job's run still
 * takes its lock, so with several replicas the one that holds it does the work. The job's own run
 * may listen too (a run that waits for more work wakes up).
 */
export class JobWake {
  private readonly listeners = new Set<() => void>();

  wake(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** Calls `listener` at every wake until the answered function is called. */
  onWake(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export interface ServiceJobsOptions {
  /** Where the exclusive jobs' locks are taken: the service's database (one connection per such job at most). */
  pool: Pool;
  schema: string;
  logger: Logger;
  registry: Registry;
  /** Delay before each job's first run (default 5 s, or its interval if shorter). */
  firstRunMs?: number;
}

export interface RunningJobs {
  /** No new run starts; resolves once the runs in progress have finished. */
  stop(): Promise<void>;
}

/** A job with the timer of its next run (none while it runs), whether it was woken during a run, and its failures in a row. */
interface Scheduled {
  job: ServiceJob;
  timer?: NodeJS.Timeout;
  wokenWhileRunning: boolean;
  failures: number;
}

/** How a run ended: the rows it affected, skipped (another replica held the lock), or failed. */
export type RunOutcome = { rows: number } | 'skipped' | 'failed';

/** Whether the job is one a single replica at a time runs (the default). */
export const isExclusive = (job: ServiceJob): job is ExclusiveJob => job.runsOn !== 'every-replica';

/** The wait before a job's next run after `outcome`. */
export function nextRunDelay(job: ServiceJob, outcome: RunOutcome, failures: number): number {
  if (outcome === 'failed') {
    if (job.failureBackoffMaxMs === undefined) return job.intervalMs;
    return Math.max(job.intervalMs, Math.min(job.failureBackoffMaxMs, job.intervalMs * 2 ** Math.min(failures, 20)));
  }
  if (job.repeatWhileBusy && outcome !== 'skipped' && outcome.rows > 0) return 0;
  return job.intervalMs;
}

/** The first key of every job lock (the second is the schema and job name), apart from other advisory locks. */
const JOB_LOCK_SPACE = 'platform-service-job';

/**
 * Runs each job shortly after start and then every interval. An exclusive job's run holds a Postgres
 * advisory lock of its schema and job: with several replicas, one that finds the lock taken skips
 * that run, so one replica at a time does the work. An every-replica job runs on each replica without
 * a lock. Each run is counted in `service_job_rows_total{job}` and
 * `service_job_runs_total{job,outcome}` (ok, skipped, failed) and logged with the rows it affected
 * (an every-replica run that found nothing to do at debug level: such jobs poll often). A failed run
 * is logged and the job runs again at its next interval (or after its back-off).
 */
export function startServiceJobs(jobs: ServiceJob[], options: ServiceJobsOptions): RunningJobs {
  const { pool, schema } = options;
  const log = options.logger.child({ component: 'service-jobs' });
  const rows = counter(options.registry, 'service_job_rows_total', "Rows deleted or changed (items handled) by the service's periodic jobs", ['job']);
  const runs = counter(options.registry, 'service_job_runs_total', 'Runs of periodic jobs by outcome (ok, skipped: another replica held the lock, failed)', [
    'job',
    'outcome',
  ]);
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`two service jobs are named '${job.name}'`);
    names.add(job.name);
  }

  const ran = (job: ServiceJob, affected: number, started: number): RunOutcome => {
    rows.inc({ job: job.name }, affected);
    runs.inc({ job: job.name, outcome: 'ok' });
    const level = isExclusive(job) || affected > 0 ? 'info' : 'debug';
    log[level]({ job: job.name, rows: affected, ms: Date.now() - started }, 'job ran');
    return { rows: affected };
  };
  const failed = (job: ServiceJob, err: unknown): RunOutcome => {
    runs.inc({ job: job.name, outcome: 'failed' });
    log.warn({ err, job: job.name }, 'job failed; it runs again at its next interval');
    return 'failed';
  };

  async function runEverywhere(job: EveryReplicaJob): Promise<RunOutcome> {
    const started = Date.now();
    try {
      return ran(job, await job.run(), started);
    } catch (err) {
      return failed(job, err);
    }
  }

  async function runLocked(job: ExclusiveJob): Promise<RunOutcome> {
    const started = Date.now();
    let client: PoolClient | undefined;
    let broken: Error | undefined;
    // A connection lost during the run fails the job's next query; unheard, the client's 'error'
    // event would end the process (the pool listens only to idle clients).
    const onError = (err: Error) => {
      broken = err;
    };
    try {
      client = await pool.connect();
      client.on('error', onError);
      const lockKey = [JOB_LOCK_SPACE, `${schema}/${job.name}`];
      const { rows: locked } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1), hashtext($2)) AS ok', lockKey);
      if (!locked[0]?.ok) {
        runs.inc({ job: job.name, outcome: 'skipped' });
        log.debug({ job: job.name }, 'job skipped: another replica is running it');
        return 'skipped';
      }
      try {
        return ran(job, await job.run(client), started);
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1), hashtext($2))', lockKey).catch((err: Error) => {
          broken = err; // the connection goes, and its session's lock with it
        });
      }
    } catch (err) {
      return failed(job, err);
    } finally {
      client?.off('error', onError);
      client?.release(broken);
    }
  }

  let stopped = false;
  const inProgress = new Set<Promise<void>>();
  const scheduled: Scheduled[] = jobs.map((job) => ({ job, wokenWhileRunning: false, failures: 0 }));
  const schedule = (entry: Scheduled, delayMs: number): void => {
    if (stopped) return;
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      entry.wokenWhileRunning = false;
      const { job } = entry;
      const run = (isExclusive(job) ? runLocked(job) : runEverywhere(job)).then((outcome) => {
        inProgress.delete(run);
        entry.failures = outcome === 'failed' ? entry.failures + 1 : 0;
        schedule(entry, entry.wokenWhileRunning ? 0 : nextRunDelay(job, outcome, entry.failures));
      });
      inProgress.add(run);
    }, delayMs);
    entry.timer.unref();
  };
  const stopListening = scheduled.map((entry) =>
    entry.job.wake?.onWake(() => {
      if (stopped) return;
      if (!entry.timer) entry.wokenWhileRunning = true;
      else {
        clearTimeout(entry.timer);
        schedule(entry, 0);
      }
    }),
  );
  for (const entry of scheduled) schedule(entry, Math.min(options.firstRunMs ?? 5000, entry.job.intervalMs));

  return {
    async stop() {
      stopped = true;
      for (const off of stopListening) off?.();
      for (const entry of scheduled) clearTimeout(entry.timer);
      await Promise.all([...inProgress]);
    },
  };
}
