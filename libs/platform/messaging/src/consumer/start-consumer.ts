import { context } from '@opentelemetry/api';
import type { ConsumerMessages, JetStreamManager, JsMsg } from '@nats-io/jetstream';
import { backoffDelay, sleep } from '../backoff';
import { consumerNameFor } from '../names/subject-pattern';
import type { SqlTx } from '../sql/sql-executor';
import { endSpan, startConsumerSpan } from '../tracing/message-tracing';
import { consumerMetrics } from './consumer-metrics';
import { validateConsumerOptions, type StatelessConsumerOptions, type TransactionalConsumerOptions } from './consumer-options';
import { statelessDelivery, transactionalDelivery, type Delivery } from './deliver-message';
import { ensureDurableConsumer } from './ensure-consumer';
import { failureAction, HandlerFailure } from './failure-policy';
import { toInboundMessage } from './inbound-message';

export interface RunningConsumer {
  /** Finishes the message in progress; messages fetched ahead are handed back to the server. */
  stop(): Promise<void>;
}

const RESUBSCRIBE = { baseMs: 1000, maxMs: 30_000 };

/**
 * Runs a durable pull consumer: each message is handled (in a transaction with its processed-message
 * row, when withTransaction is given), then acknowledged; a failure is retried later with a growing
 * delay; after maxDeliver failed deliveries of the handler the message is logged and dropped.
 * Each filter subject gets its own JetStream consumer (see consumerNameFor). Each delivery runs in a
 * CONSUMER span whose parent is the trace context in the message headers (the producer's).
 */
export function startConsumer<Tx extends SqlTx>(options: TransactionalConsumerOptions<Tx>): Promise<RunningConsumer>;
export function startConsumer(options: StatelessConsumerOptions): Promise<RunningConsumer>;
export async function startConsumer<Tx extends SqlTx>(options: TransactionalConsumerOptions<Tx> | StatelessConsumerOptions): Promise<RunningConsumer> {
  validateConsumerOptions(options);
  const { js, stream, durable, filterSubjects, maxDeliver = 10, ackWaitMs = 30_000, prefetch = 10, startAt = 'all' } = options;
  const retry = { baseMs: 1000, maxMs: 60_000, ...options.retryDelay };
  const log = options.logger.child({ component: 'consumer', stream, durable });
  const metrics = consumerMetrics(options.metrics, stream);
  const deliver: Delivery = options.withTransaction
    ? transactionalDelivery(durable, options.schema, options.withTransaction, options.handle)
    : statelessDelivery(options.handle);

  const jsm = await js.jetstreamManager();
  const names: string[] = [];
  for (const filter of filterSubjects) {
    const name = consumerNameFor(durable, filter);
    await ensureDurableConsumer(jsm, stream, { name, filter, ackWaitMs, maxAckPending: 1000, startAt });
    names.push(name);
  }

  const stopping = new AbortController();
  const active = new Set<ConsumerMessages>();

  const processMessage = async (name: string, m: JsMsg) => {
    const message = toInboundMessage(m);
    const { span, ctx } = startConsumerSpan(message.subject, message.headers, {
      consumer: durable,
      messageId: message.messageId,
      deliveryCount: message.deliveryCount,
    });
    await context.with(ctx, async () => {
      try {
        const outcome = await deliver(message);
        metrics.message(name, outcome);
        m.ack();
        span.setAttribute('messaging.outcome', outcome);
        endSpan(span);
      } catch (err) {
        const action = failureAction(err, message.deliveryCount, maxDeliver, retry);
        const cause = err instanceof HandlerFailure ? err.cause : err;
        const logContext = { err: cause, subject: message.subject, messageId: message.messageId, deliveryCount: message.deliveryCount };
        if (action.kind === 'terminate') {
          log.error(logContext, `message handler failed ${message.deliveryCount} times; dropping the message`);
          m.term();
          metrics.message(name, 'terminated');
        } else {
          log.warn({ ...logContext, retryInMs: action.delayMs }, 'message processing failed; will retry');
          m.nak(action.delayMs);
          metrics.message(name, 'retried');
        }
        span.setAttribute('messaging.outcome', action.kind === 'terminate' ? 'terminated' : 'retried');
        endSpan(span, cause);
      }
    });
  };

  // Resubscribes whenever consumption ends other than by stop(): a deleted consumer, a lost stream…
  const run = async (name: string) => {
    let failures = 0;
    while (!stopping.signal.aborted) {
      try {
        const messages = await (await js.consumers.get(stream, name)).consume({ max_messages: prefetch });
        active.add(messages);
        if (stopping.signal.aborted) void messages.close();
        try {
          for await (const m of messages) {
            failures = 0;
            if (stopping.signal.aborted) m.nak();
            else await processMessage(name, m);
          }
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
  return { stop: () => (stopped ??= stop()) };
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
