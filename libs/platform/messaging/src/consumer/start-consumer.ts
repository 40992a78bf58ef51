import { context } from '@opentelemetry/api';
import type { ConsumerMessages, JetStreamManager, JsMsg } from '@nats-io/jetstream';
import { backoffDelay, sleep } from '../backoff';
import { setAside } from '../dead-letters/dead-letter-stream';
import { consumerNameFor } from '../names/subject-pattern';
import type { SqlTx } from '../sql/sql-executor';
import { endSpan, startConsumerSpan } from '../tracing/message-tracing';
import { consumerMetrics } from './consumer-metrics';
import { validateConsumerOptions, type StatelessConsumerOptions, type TransactionalConsumerOptions } from './consumer-options';
import { statelessDelivery, transactionalBatchDelivery, transactionalDelivery, type BatchDelivery, type Delivery } from './deliver-message';
import { ensureDurableConsumer } from './ensure-consumer';
import { failureAction, HandlerFailure } from './failure-policy';
import { inBatches } from './in-batches';
import { toInboundMessage, type InboundMessage } from './inbound-message';

export interface RunningConsumer {
  /** Finishes the message in progress; messages fetched ahead are handed back to the server. */
  stop(): Promise<void>;
  /**
   * True while deliveries keep failing for reasons outside the message (STALLED_AFTER in a row, none
   * handled since): readiness reports it, so an outage shows as NOT_SERVING rather than as silence.
   */
  stalled(): boolean;
}

/** Consecutive non-poison failures after which a consumer counts as stalled. */
export const STALLED_AFTER = 3;

const RESUBSCRIBE = { baseMs: 1000, maxMs: 30_000 };
/**
 * How long one pull request lasts. A pull held by a server that goes away (a lost JetStream server,
 * a consumer leader elected elsewhere) is noticed after two missed heartbeats, at half this each:
 * 5 s rather than the client's 30 s default bounds that stall, for one idle pull every 5 s.
 */
const PULL_EXPIRES_MS = 5_000;

/**
 * Runs a durable pull consumer: each message is handled (in a transaction with its processed-message
 * row, when withTransaction is given), then acknowledged. A failure is retried later with a growing,
 * capped delay, without limit (an outage of any length drops nothing; past `alertAfter` deliveries
 * each failure is logged as an error). A poison message (see failureAction) is set aside on the
 * consumer's dead-letter subject with its reason, logged and counted, and the consumer goes on.
 * Each filter subject gets its own JetStream consumer (see consumerNameFor). Each delivery runs in a
 * CONSUMER span whose parent is the trace context in the message headers (the producer's).
 */
export function startConsumer<Tx extends SqlTx>(options: TransactionalConsumerOptions<Tx>): Promise<RunningConsumer>;
export function startConsumer(options: StatelessConsumerOptions): Promise<RunningConsumer>;
export async function startConsumer<Tx extends SqlTx>(options: TransactionalConsumerOptions<Tx> | StatelessConsumerOptions): Promise<RunningConsumer> {
  validateConsumerOptions(options);
  const { js, stream, durable, filterSubjects, alertAfter = 10, ackWaitMs = 30_000, prefetch = 10, startAt = 'all' } = options;
  const retry = { baseMs: 1000, maxMs: 60_000, ...options.retryDelay };
  const log = options.logger.child({ component: 'consumer', stream, durable });
  const metrics = consumerMetrics(options.metrics, stream);
  const deliver: Delivery = options.withTransaction
    ? transactionalDelivery(durable, options.schema, options.withTransaction, options.handle)
    : statelessDelivery(options.handle);
  const batchSize = options.batchSize ?? 1;
  const deliverBatch: BatchDelivery | undefined =
    options.withTransaction && batchSize > 1 ? transactionalBatchDelivery(durable, options.schema, options.withTransaction, options.handle) : undefined;

  const jsm = await js.jetstreamManager();
  const names: string[] = [];
  for (const filter of filterSubjects) {
    const name = consumerNameFor(durable, filter);
    await ensureDurableConsumer(jsm, stream, { name, filter, ackWaitMs, maxAckPending: 1000, startAt });
    names.push(name);
  }

  let failingInARow = 0;
  const stopping = new AbortController();
  const active = new Set<ConsumerMessages>();

  /** The CONSUMER span of one delivery, child of the producer's trace context. */
  const spanOf = (message: InboundMessage) =>
    startConsumerSpan(message.subject, message.headers, { consumer: durable, messageId: message.messageId, deliveryCount: message.deliveryCount });

  const processMessage = async (name: string, m: JsMsg) => {
    const message = toInboundMessage(m);
    const { span, ctx } = spanOf(message);
    await context.with(ctx, async () => {
      try {
        const outcome = await deliver(message);
        failingInARow = 0;
        metrics.message(name, outcome);
        m.ack();
        span.setAttribute('messaging.outcome', outcome);
        endSpan(span);
      } catch (err) {
        const action = failureAction(err, message.deliveryCount, retry);
        const cause = err instanceof HandlerFailure ? err.cause : err;
        const logContext = { err: cause, subject: message.subject, messageId: message.messageId, deliveryCount: message.deliveryCount };
        const outcome =
          action.kind === 'dead-letter' ? await deadLetter(name, m, message, action.reason, logContext) : retryLater(name, m, action.delayMs, logContext);
        span.setAttribute('messaging.outcome', outcome);
        endSpan(span, cause);
      }
    });
  };

  // Several messages in one transaction; when it fails (one message's handler, a deadlock, the
  // database), each message is delivered again alone, so retries and dead letters stay per message.
  const processBatch = async (name: string, batch: JsMsg[]) => {
    if (!deliverBatch || batch.length === 1) {
      for (const m of batch) await processMessage(name, m);
      return;
    }
    const messages = batch.map(toInboundMessage);
    const spans = messages.map(spanOf);
    let outcomes: Awaited<ReturnType<BatchDelivery>>;
    try {
      outcomes = await deliverBatch(messages, (index, work) => context.with(spans[index]?.ctx ?? context.active(), work));
    } catch (err) {
      for (const { span } of spans) endSpan(span.setAttribute('messaging.outcome', 'batch-failed'));
      log.debug({ err, messages: batch.length }, 'a batch failed; delivering its messages one by one');
      for (const m of batch) await processMessage(name, m);
      return;
    }
    failingInARow = 0;
    batch.forEach((m, index) => {
      const outcome = outcomes[index] ?? 'handled';
      metrics.message(name, outcome);
      m.ack();
      const traced = spans[index];
      if (traced) endSpan(traced.span.setAttribute('messaging.outcome', outcome));
    });
  };

  const retryLater = (name: string, m: JsMsg, delayMs: number, logContext: LogContext): 'retried' => {
    failingInARow++;
    if (logContext.deliveryCount >= alertAfter) {
      log.error({ ...logContext, retryInMs: delayMs }, `message still failing after ${logContext.deliveryCount} deliveries; will retry`);
    } else {
      log.warn({ ...logContext, retryInMs: delayMs }, 'message processing failed; will retry');
    }
    m.nak(delayMs);
    metrics.message(name, 'retried');
    return 'retried';
  };

  const deadLetter = async (name: string, m: JsMsg, message: InboundMessage, reason: string, logContext: LogContext): Promise<'dead-lettered' | 'retried'> => {
    try {
      await setAside(js, jsm, stream, durable, message, reason);
    } catch (err) {
      log.warn({ ...logContext, err, reason }, 'could not store a poison message as a dead letter; will retry');
      return retryLater(name, m, backoffDelay(message.deliveryCount, retry), logContext);
    }
    failingInARow = 0;
    // `alert: dead-letter` is what alerting keys on (docs/operations.md, "Dead letters").
    log.error({ ...logContext, reason, alert: 'dead-letter' }, 'message set aside as a dead letter');
    m.term();
    metrics.message(name, 'dead-lettered');
    return 'dead-lettered';
  };

  // Resubscribes whenever consumption ends other than by stop(): a deleted consumer, a lost stream…
  const run = async (name: string) => {
    let failures = 0;
    while (!stopping.signal.aborted) {
      try {
        const messages = await (await js.consumers.get(stream, name)).consume({ max_messages: Math.max(prefetch, 2 * batchSize), expires: PULL_EXPIRES_MS });
        active.add(messages);
        if (stopping.signal.aborted) void messages.close();
        try {
          await inBatches(messages, batchSize, async (batch) => {
            failures = 0;
            if (stopping.signal.aborted) for (const m of batch) m.nak();
            else await processBatch(name, batch);
          });
        } finally {
          active.delete(messages);
        }
      } catch (err) {
        failures++;
        if (!stopping.signal.aborted) log.warn({ err, consumer: name }, 'consuming failed; resubscribing');
      }
      if (!stopping.signal.aborted) await sleep(backoffDelay(Math.max(failures, 1), RESUBSCRIBE), stopping.signal);
    }
  };

  const loops = names.map((name) => run(name));
  const lagTimer = options.metrics ? setInterval(() => void refreshLag(jsm, stream, names, metrics.lag), options.metricsIntervalMs ?? 5000) : undefined;
  lagTimer?.unref();

  let stopped: Promise<void> | undefined;
  const stop = async () => {
    stopping.abort();
    clearInterval(lagTimer);
    await Promise.all([...active].map((messages) => messages.close()));
    await Promise.all(loops);
  };
  return { stop: () => (stopped ??= stop()), stalled: () => failingInARow >= STALLED_AFTER };
}

interface LogContext {
  err: unknown;
  subject: string;
  messageId: string;
  deliveryCount: number;
}

async function refreshLag(jsm: JetStreamManager, stream: string, names: string[], set: (name: string, value: number) => void) {
  for (const name of names) {
    try {
      const info = await jsm.consumers.info(stream, name);
      set(name, info.num_pending + info.num_ack_pending);
    } catch {
      // Unreachable server: keep the last value; the connection status is logged elsewhere.
    }
  }
}
