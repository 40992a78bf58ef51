import { randomUUID } from 'node:crypto';
import { AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
import { connectNats, jetstream, jetstreamManager, type MessagingNames, type NatsConnection } from '@platform/messaging';
import { createLogger } from '@platform/telemetry';
import { testNatsUrl } from './test-names';

export interface EventReaderOptions {
  natsUrl?: string;
  /**
   * Resolves once everything the service under test has written is published (its outbox is
   * empty): awaited before a subscription starts, so earlier events never reach it, and after
   * the action, so `events` misses none of the action's.
   */
  settled?: () => Promise<void>;
}

/** Reads and publishes events on a suite's own stream, through ephemeral consumers. */
export interface EventReader {
  /** The next event on a logical subject published after `after` starts, or undefined after the timeout. */
  nextMessage(logicalSubject: string, after: () => Promise<unknown>, timeoutMs?: number): Promise<Uint8Array | undefined>;
  /** Every event on a logical subject published while (and because) `during` runs. */
  events(logicalSubject: string, during: () => Promise<unknown>): Promise<Uint8Array[]>;
  /** Publishes as another service would, with `msgId` (default a fresh one) as Nats-Msg-Id. */
  publish(logicalSubject: string, payload: Uint8Array, msgId?: string): Promise<void>;
  close(): Promise<void>;
}

export async function openEventReader(names: MessagingNames, options: EventReaderOptions = {}): Promise<EventReader> {
  const nc: NatsConnection = await connectNats({
    url: options.natsUrl ?? testNatsUrl(),
    name: `test-events-${names.stream}`,
    logger: createLogger('test-events'),
  });
  const js = jetstream(nc);
  const jsm = await jetstreamManager(nc);
  const settled = options.settled ?? (async () => undefined);

  // An ephemeral consumer of one subject, from now on (the local server predates multi-filter consumers).
  const subscribe = async (logicalSubject: string) => {
    const info = await jsm.consumers.add(names.stream, {
      filter_subject: names.subject(logicalSubject),
      deliver_policy: DeliverPolicy.New,
      ack_policy: AckPolicy.None,
      inactive_threshold: 30_000_000_000,
    });
    return js.consumers.get(names.stream, info.name);
  };

  return {
    async nextMessage(logicalSubject, after, timeoutMs = 3000) {
      await settled();
      const consumer = await subscribe(logicalSubject);
      await after();
      const msg = await consumer.next({ expires: timeoutMs });
      await consumer.delete().catch(() => undefined);
      return msg?.data;
    },
    async events(logicalSubject, during) {
      await settled();
      const consumer = await subscribe(logicalSubject);
      await during();
      await settled();
      const pending = (await consumer.info()).num_pending;
      const out: Uint8Array[] = [];
      if (pending > 0) {
        for await (const msg of await consumer.fetch({ max_messages: pending, expires: 3000 })) out.push(msg.data);
      }
      await consumer.delete().catch(() => undefined);
      return out;
    },
    async publish(logicalSubject, payload, msgId = randomUUID()) {
      await js.publish(names.subject(logicalSubject), payload, { msgID: msgId });
    },
    close: () => nc.close(),
  };
}
