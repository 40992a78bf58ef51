import { Pool } from 'pg';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { Registry } from 'prom-client';
import type { Logger } from '@platform/telemetry';
import { backoffDelay, sleep } from '../backoff';
import { ApiCode, isApiError } from '../nats/api-errors';
import { outboxChannel, outboxTable } from '../sql/identifiers';
import { listenForNotifications } from './pg-listener';
import { moveToOutboxDeadLetters } from './outbox-dead-letters';
import { relayBatch, type RelayBatchResult } from './relay-batch';
import { relayMetrics } from './relay-metrics';
import { RetryQuarantine } from './retry-quarantine';
import { WakeSignal } from './wake-signal';

export interface OutboxRelayOptions {
  /** The service's database; the relay opens its own connections (one LISTENs, a small pool works). */
  connectionString: string;
  /** The service's Postgres schema, holding `outbox_event`. */
  schema: string;
  js: JetStreamClient;
  logger: Logger;
  /** Longest time between two passes when no notification arrives. Default 200 ms. */
  pollIntervalMs?: number;
  /** Rows per transaction. Default 100. */
  batchSize?: number;
  publishTimeoutMs?: number;
  /** Registry for `messaging_outbox_backlog` and the publish counters. */
  metrics?: Registry;
  /** How often the backlog gauge is refreshed. Default 5 s. */
  metricsIntervalMs?: number;
  /** Failed publications of one row (while JetStream answers) after which it moves to `outbox_dead_letter`. Default 10. */
  deadLetterAfter?: number;
}

export interface OutboxRelay {
  /** Finishes the pass in progress, then closes the relay's connections. */
  stop(): Promise<void>;
  /** Rows in the outbox now (published rows are deleted, so this is what waits). */
  backlog(): Promise<number>;
}

const FAILURE_BACKOFF = { baseMs: 200, maxMs: 10_000 };

/**
 * Publishes a schema's outbox to JetStream. It wakes on the NOTIFY that writeOutbox issues at
 * commit, and polls at least every pollIntervalMs in case a notification was missed. Any number of
 * relays may run against one schema (one per replica); they share rows through SKIP LOCKED.
 * Database and NATS outages are logged and retried with backoff; the relay never throws.
 */
export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { connectionString, schema, js, logger, pollIntervalMs = 200, batchSize = 100, publishTimeoutMs = 5000, deadLetterAfter = 10 } = options;
  const log = logger.child({ component: 'outbox-relay', schema });
  const metrics = relayMetrics(options.metrics, schema);
  const pool = new Pool({ connectionString, max: 2, keepAlive: true, application_name: `outbox-relay ${schema}` });
  pool.on('error', (err) => log.warn({ err }, 'outbox relay lost an idle database connection'));
  const wake = new WakeSignal();
  const quarantine = new RetryQuarantine();
  const stopping = new AbortController();
  const listener = listenForNotifications({
    connectionString,
    applicationName: `outbox-listener ${schema}`,
    channel: outboxChannel(schema),
    logger: log,
    onNotify: () => wake.notify(),
    onListening: () => wake.notify(),
  });

  const backlog = async (): Promise<number> => {
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${outboxTable(schema)}`);
    return rows[0]?.n ?? 0;
  };

  /**
   * Books a pass; answers whether its failures were the rows' own. When some rows went through, or
   * none did but JetStream and the subject's stream answer, the failed rows are at fault (a subject
   * no stream takes, a payload over the limit…): they are held back, and after deadLetterAfter holds
   * moved to the dead letters, so they never stop the rows behind them. Otherwise JetStream or the
   * stream is down (a replicated stream between leaders, after the loss of a server) and the loop
   * backs off, the rows untouched.
   */
  const record = async (result: RelayBatchResult): Promise<boolean> => {
    result.published.forEach((id) => quarantine.release(id));
    metrics.published(result.published.length);
    if (result.duplicates > 0) log.info({ duplicates: result.duplicates }, 'JetStream dropped already-published events');
    if (result.failed.length === 0) return false;
    metrics.failed(result.failed.length);
    const [first] = result.failed;
    log.warn({ err: first?.error, subject: first?.subject, failed: result.failed.length }, 'outbox events not published; will retry');
    const rowsAtFault = result.published.length > 0 || (await streamAnswers(js, first?.subject ?? ''));
    if (!rowsAtFault) return false;
    result.failed.forEach((f) => quarantine.hold(f.id));
    const dead = result.failed.filter((f) => quarantine.attempts(f.id) >= deadLetterAfter);
    if (dead.length > 0) {
      const moved = await moveToOutboxDeadLetters(
        pool,
        schema,
        dead.map((f) => ({ id: f.id, attempts: quarantine.attempts(f.id), error: errorText(f.error) })),
      );
      dead.forEach((f) => quarantine.release(f.id));
      metrics.deadLettered(moved);
      // `alert: outbox-dead-letter` is what alerting keys on (docs/operations.md, "Dead letters").
      log.error(
        { alert: 'outbox-dead-letter', ids: dead.map((f) => f.id), subjects: [...new Set(dead.map((f) => f.subject))], err: dead[0]?.error },
        `outbox events set aside after ${deadLetterAfter} failed publications`,
      );
    }
    return true;
  };

  const loop = async () => {
    let failures = 0;
    while (!stopping.signal.aborted) {
      let more = false;
      try {
        const result = await relayBatch({ pool, js, schema, batchSize, publishTimeoutMs, skip: quarantine.held() });
        const rowsAtFault = await record(result);
        const allFailed = result.failed.length > 0 && result.published.length === 0 && !rowsAtFault;
        if (!allFailed && failures > 0) log.info({ failures }, 'outbox relay recovered');
        failures = allFailed ? failures + 1 : 0;
        more = result.selected === batchSize;
      } catch (err) {
        failures++;
        if (failures === 1 || failures % 10 === 0) log.warn({ err, failures }, 'outbox relay pass failed; retrying');
      }
      if (failures > 0) await sleep(backoffDelay(failures, FAILURE_BACKOFF), stopping.signal);
      else if (!more) await wake.wait(pollIntervalMs);
    }
  };

  const running = loop();
  const refreshBacklog = () => backlog().then(metrics.backlog, () => undefined);
  const gaugeTimer = options.metrics ? setInterval(() => void refreshBacklog(), options.metricsIntervalMs ?? 5000) : undefined;
  gaugeTimer?.unref();
  if (options.metrics) void refreshBacklog();

  let stopped: Promise<void> | undefined;
  const stop = async () => {
    stopping.abort();
    wake.notify();
    clearInterval(gaugeTimer);
    await running;
    await listener.close();
    await pool.end();
  };

  return {
    backlog,
    stop: () => (stopped ??= stop()),
  };
}

/**
 * Whether JetStream answers now for the subject, so that a failed publication was the message's
 * fault: no stream takes the subject, or the stream that does answers. A stream that exists but
 * does not answer has no leader yet (a server of a replicated stream was lost) or is down.
 */
async function streamAnswers(js: JetStreamClient, subject: string): Promise<boolean> {
  try {
    const jsm = await js.jetstreamManager();
    const stream = await jsm.streams.find(subject).catch((err: unknown) => {
      if (isApiError(err, ApiCode.StreamNotFound)) return undefined;
      throw err;
    });
    if (stream !== undefined) await jsm.streams.info(stream);
    return true;
  } catch {
    return false;
  }
}

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));
