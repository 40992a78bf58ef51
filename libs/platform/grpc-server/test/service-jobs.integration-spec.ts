import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import { Registry } from 'prom-client';
import { messagingTablesSql } from '@platform/messaging';
import { createLogger } from '@platform/telemetry';
import { platformHousekeeping } from '../src/housekeeping';
import { JobWake, startServiceJobs, type RunningJobs, type ServiceJob } from '../src/service-jobs';

const DATABASE_URL = process.env['TEST_DATABASE_URL'] ?? process.env['DATABASE_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/test';

describe('service jobs', () => {
  const database = { schema: `t_service_jobs_${randomBytes(5).toString('hex')}`, connectionString: DATABASE_URL };
  let pool: pg.Pool;
  let registry: Registry;
  let lines: Array<Record<string, unknown>>;
  const running: RunningJobs[] = [];

  const logger = () =>
    createLogger(
      'jobs-test',
      {},
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
          done();
        },
      }),
    ).child({}, { level: 'info' });
  const start = (jobs: ServiceJob[]) => {
    const jobsRunning = startServiceJobs(jobs, { pool, schema: database.schema, logger: logger(), registry, firstRunMs: 10 });
    running.push(jobsRunning);
    return jobsRunning;
  };
  const metric = async (name: string, labels: Record<string, string>) =>
    (await registry.getSingleMetric(name)?.get())?.values.find((v) => Object.entries(labels).every(([k, value]) => v.labels[k] === value))?.value ?? 0;
  const eventually = async (check: () => Promise<boolean> | boolean): Promise<void> => {
    const deadline = Date.now() + 5000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met within 5 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: database.connectionString, max: 4, options: `-c search_path=${database.schema}` });
    await pool.query(`CREATE SCHEMA "${database.schema}"`);
  });
  beforeEach(() => {
    registry = new Registry();
    lines = [];
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.stop()));
  });
  afterAll(async () => {
    await pool?.query(`DROP SCHEMA IF EXISTS "${database.schema}" CASCADE`);
    await pool?.end();
  });

  it('runs a job soon after start and then every interval, logging and counting the rows it affected', async () => {
    let runs = 0;
    start([{ name: 'tidy', intervalMs: 50, run: async () => (++runs, 3) }]);
    await eventually(() => runs >= 3);
    expect(await metric('service_job_rows_total', { job: 'tidy' })).toBeGreaterThanOrEqual(9);
    expect(await metric('service_job_runs_total', { job: 'tidy', outcome: 'ok' })).toBeGreaterThanOrEqual(3);
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'job ran', job: 'tidy', rows: 3 }));
  });

  it('skips a run while another replica holds the job, and runs once it is free', async () => {
    const other = await pool.connect();
    try {
      await other.query('SELECT pg_advisory_lock(hashtext($1), hashtext($2))', ['platform-service-job', `${database.schema}/busy`]);
      let runs = 0;
      start([{ name: 'busy', intervalMs: 30, run: async () => (++runs, 0) }]);
      await eventually(async () => (await metric('service_job_runs_total', { job: 'busy', outcome: 'skipped' })) >= 2);
      expect(runs).toBe(0);
      await other.query('SELECT pg_advisory_unlock(hashtext($1), hashtext($2))', ['platform-service-job', `${database.schema}/busy`]);
      await eventually(() => runs > 0);
    } finally {
      other.release();
    }
  });

  it('never runs one job on two replicas at once', async () => {
    let active = 0;
    let overlaps = 0;
    let runs = 0;
    const job: ServiceJob = {
      name: 'exclusive',
      intervalMs: 5,
      run: async () => {
        active++;
        if (active > 1) overlaps++;
        await new Promise((r) => setTimeout(r, 30));
        active--;
        runs++;
        return 0;
      },
    };
    start([job]);
    start([job]);
    await eventually(() => runs >= 6);
    expect(overlaps).toBe(0);
  });

  it('runs a woken job now rather than at its interval, and once more right after a run it was woken during', async () => {
    const wake = new JobWake();
    let started = 0;
    let finished = 0;
    let release: () => void = () => undefined;
    start([
      {
        name: 'woken',
        intervalMs: 60_000,
        wake,
        run: async () => {
          started++;
          if (started === 2) await new Promise<void>((resolve) => (release = resolve));
          finished++;
          return 0;
        },
      },
    ]);
    await eventually(() => finished === 1);
    wake.wake();
    await eventually(() => started === 2);
    // Woken while it runs: the next run follows at once, not after the minute.
    wake.wake();
    release();
    await eventually(() => finished === 3);
    expect(started).toBe(3);
  });

  it('runs an every-replica job on each replica at once, without the lock, logging and counting each run', async () => {
    let active = 0;
    let overlapped = false;
    let runs = 0;
    const job: ServiceJob = {
      name: 'dispatch',
      runsOn: 'every-replica',
      intervalMs: 5,
      run: async () => {
        active++;
        if (active > 1) overlapped = true;
        await new Promise((r) => setTimeout(r, 30));
        active--;
        runs++;
        return 1;
      },
    };
    // A replica that holds the job's lock name does not keep the others from running it.
    const other = await pool.connect();
    try {
      await other.query('SELECT pg_advisory_lock(hashtext($1), hashtext($2))', ['platform-service-job', `${database.schema}/dispatch`]);
      start([job]);
      start([job]);
      await eventually(() => overlapped && runs >= 4);
    } finally {
      other.release();
    }
    expect(await metric('service_job_runs_total', { job: 'dispatch', outcome: 'skipped' })).toBe(0);
    expect(await metric('service_job_runs_total', { job: 'dispatch', outcome: 'ok' })).toBeGreaterThanOrEqual(4);
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'job ran', job: 'dispatch', rows: 1 }));
  });

  it('runs a busy job again at once while it finds work, then waits its interval', async () => {
    const queue = [3, 2, 1];
    let runs = 0;
    start([{ name: 'drain', runsOn: 'every-replica', intervalMs: 60_000, repeatWhileBusy: true, run: async () => (runs++, queue.shift() ?? 0) }]);
    await eventually(() => runs === 4);
    await new Promise((r) => setTimeout(r, 100));
    expect(runs).toBe(4);
    expect(await metric('service_job_rows_total', { job: 'drain' })).toBe(6);
  });

  it('waits longer after each failure in a row of a job with a back-off, up to its maximum', async () => {
    const started: number[] = [];
    start([
      {
        name: 'outage',
        runsOn: 'every-replica',
        intervalMs: 20,
        failureBackoffMaxMs: 100,
        run: async () => {
          started.push(Date.now());
          throw new Error('database away');
        },
      },
    ]);
    await eventually(() => started.length >= 5);
    const gaps = started.slice(1).map((at, i) => at - started[i]!);
    // 40, 80, then 100 (the maximum) and 100: never the 20 ms interval.
    expect(gaps.every((gap) => gap >= 35)).toBe(true);
    expect(gaps[2]).toBeGreaterThanOrEqual(95);
  });

  it('logs a failed run and runs the job again at its next interval', async () => {
    let runs = 0;
    start([
      {
        name: 'flaky',
        intervalMs: 30,
        run: async () => {
          if (++runs === 1) throw new Error('database away');
          return 1;
        },
      },
    ]);
    await eventually(async () => (await metric('service_job_runs_total', { job: 'flaky', outcome: 'ok' })) >= 1);
    expect(await metric('service_job_runs_total', { job: 'flaky', outcome: 'failed' })).toBe(1);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'warn', job: 'flaky', msg: 'job failed; it runs again at its next interval' }));
  });

  it('stops after the run in progress, and starts no other', async () => {
    let finished = 0;
    let started = 0;
    const jobs = start([
      {
        name: 'slow',
        intervalMs: 10,
        run: async () => {
          started++;
          await new Promise((r) => setTimeout(r, 100));
          finished++;
          return 0;
        },
      },
    ]);
    await eventually(() => started === 1);
    await jobs.stop();
    expect(finished).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(started).toBe(1);
  });

  it('fails a run whose database connection is lost, without ending the process, and runs again on a new connection', async () => {
    let runs = 0;
    start([
      {
        name: 'cut-off',
        intervalMs: 30,
        run: async (client) => {
          runs++;
          if (runs > 1) return 1;
          // The server ends this session mid-run (a restart, an administrator): the client's 'error' event fires.
          const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          await pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
          await new Promise((r) => setTimeout(r, 100));
          return client.query('SELECT 1').then(() => 0);
        },
      },
    ]);
    await eventually(async () => (await metric('service_job_runs_total', { job: 'cut-off', outcome: 'ok' })) >= 1);
    expect(await metric('service_job_runs_total', { job: 'cut-off', outcome: 'failed' })).toBe(1);
  });

  it("the kit's housekeeping deletes handled-message ids older than 30 days, and only those", async () => {
    await pool.query(messagingTablesSql(database.schema));
    await pool.query(
      `INSERT INTO processed_message (consumer, message_id, processed_at) VALUES
         ('c', 'old-1', now() - interval '31 days'), ('c', 'old-2', now() - interval '40 days'), ('c', 'recent', now() - interval '29 days')`,
    );
    start(platformHousekeeping(database.schema, 60_000));
    await eventually(async () => (await metric('service_job_rows_total', { job: 'processed-messages' })) === 2);
    const { rows } = await pool.query<{ message_id: string }>('SELECT message_id FROM processed_message');
    expect(rows.map((r) => r.message_id)).toEqual(['recent']);
  });
});
