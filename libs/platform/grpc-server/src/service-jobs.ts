import type { ClientBase, Pool, PoolClient } from 'pg';
import type { Registry } from 'prom-client';
import { counter, type Logger } from '@platform/telemetry';

/** A service's periodic work (cleanup, expiry), run by the service kit. */
export interface ServiceJob {
  /** Names the job in logs, metrics and its lock; unique within the service. */
  name: string;
  /** Time from the end of one run to the start of the next. */
  intervalMs: number;
  /**
   * One run; answers how many rows it deleted or changed. `sql` is the connection holding the
   * job's lock, for jobs that work in plain SQL (each statement commits on its own).
   */
  run: (sql: ClientBase) => Promise<number>;
  /** Lets the service start the next run early, e.g. when it has just queued work for the job. */
  wake?: JobWake;
}

/**
 * Starts a job's next run now instead of at its interval (right after the run in progress, if
 * one is), for work just queued in this process. Only the timer moves: the run still takes the
 * job's lock, so with several replicas the one that holds it does the work. The job's own run may
 * listen too (a run that waits for more work wakes up).
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
  /** Where the jobs' locks are taken: the service's database (one connection per job at most). */
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

/** A job with the timer of its next run (none while it runs) and whether it was woken during a run. */
interface Scheduled {
  job: ServiceJob;
  timer?: NodeJS.Timeout;
  wokenWhileRunning: boolean;
}

/** The first key of every job lock (the second is the schema and job name), apart from other advisory locks. */
const JOB_LOCK_SPACE = 'platform-service-job';

/**
 * Runs each job shortly after start and then every interval. With several replicas, a run holds a
 * Postgres advisory lock of its schema and job: a replica that finds the lock taken skips that run,
 * so one replica at a time does the work. Each run is logged with the rows it affected and counted
 * in `service_job_rows_total{job}` and `service_job_runs_total{job,outcome}` (ok, skipped, failed).
 * A failed run is logged and the job runs again at its next interval.
 */
export function startServiceJobs(jobs: ServiceJob[], options: ServiceJobsOptions): RunningJobs {
  const { pool, schema } = options;
  const log = options.logger.child({ component: 'service-jobs' });
  const rows = counter(options.registry, 'service_job_rows_total', "Rows deleted or changed by the service's periodic jobs", ['job']);
  const runs = counter(options.registry, 'service_job_runs_total', 'Runs of periodic jobs by outcome (ok, skipped: another replica held the lock, failed)', [
    'job',
    'outcome',
  ]);
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`two service jobs are named '${job.name}'`);
    names.add(job.name);
  }

  async function runOnce(job: ServiceJob): Promise<void> {
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
        return;
      }
      try {
        const affected = await job.run(client);
        rows.inc({ job: job.name }, affected);
        runs.inc({ job: job.name, outcome: 'ok' });
        log.info({ job: job.name, rows: affected, ms: Date.now() - started }, 'job ran');
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1), hashtext($2))', lockKey).catch((err: Error) => {
          broken = err; // the connection goes, and its session's lock with it
        });
      }
    } catch (err) {
      runs.inc({ job: job.name, outcome: 'failed' });
      log.warn({ err, job: job.name }, 'job failed; it runs again at its next interval');
    } finally {
      client?.off('error', onError);
      client?.release(broken);
    }
  }

  let stopped = false;
  const inProgress = new Set<Promise<void>>();
  const scheduled: Scheduled[] = jobs.map((job) => ({ job, wokenWhileRunning: false }));
  const schedule = (entry: Scheduled, delayMs: number): void => {
    if (stopped) return;
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      entry.wokenWhileRunning = false;
      const run = runOnce(entry.job).finally(() => {
        inProgress.delete(run);
        schedule(entry, entry.wokenWhileRunning ? 0 : entry.job.intervalMs);
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
