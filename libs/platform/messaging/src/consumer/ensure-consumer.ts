import { AckPolicy, DeliverPolicy, type ConsumerInfo, type JetStreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { ApiCode, isApiError } from '../nats/api-errors';

export interface DurableConsumerSpec {
  name: string;
  filter: string;
  ackWaitMs: number;
  maxAckPending: number;
  /** Where a new consumer starts: the stream's first message, or the next one published. */
  startAt: 'all' | 'new';
}

/**
 * Creates the durable pull consumer, or updates its settings when they changed. Redelivery is
 * unlimited on the server (`max_deliver: -1`): the consumer loop decides when to give up, so that
 * an outage of the service's database never exhausts a message's deliveries.
 */
export async function ensureDurableConsumer(jsm: JetStreamManager, stream: string, spec: DurableConsumerSpec): Promise<ConsumerInfo> {
  const settings = { ack_wait: nanos(spec.ackWaitMs), max_deliver: -1, max_ack_pending: spec.maxAckPending };
  const existing = await consumerInfo(jsm, stream, spec.name);
  if (!existing) {
    return jsm.consumers.add(stream, {
      durable_name: spec.name,
      filter_subject: spec.filter,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: spec.startAt === 'new' ? DeliverPolicy.New : DeliverPolicy.All,
      ...settings,
    });
  }
  const c = existing.config;
  if (c.ack_wait === settings.ack_wait && c.max_deliver === settings.max_deliver && c.max_ack_pending === settings.max_ack_pending) {
    return existing;
  }
  return jsm.consumers.update(stream, spec.name, settings);
}

async function consumerInfo(jsm: JetStreamManager, stream: string, name: string): Promise<ConsumerInfo | undefined> {
  try {
    return await jsm.consumers.info(stream, name);
  } catch (err) {
    if (isApiError(err, ApiCode.ConsumerNotFound)) return undefined;
    throw err;
  }
}
