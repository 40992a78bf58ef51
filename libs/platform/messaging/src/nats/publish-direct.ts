import type { JetStreamClient, PubAck } from '@nats-io/jetstream';
import { isValidSubject } from '../names/subject-pattern';
import { endSpan, startProducerSpan } from '../tracing/message-tracing';
import { toNatsHeaders } from './nats-headers';

export interface PublishDirectOptions {
  /** Idempotency key (`Nats-Msg-Id`): a retry with the same id within the stream's duplicate window is dropped. */
  msgId: string;
  /** Message headers; the active trace context (`traceparent`) is added unless given here. */
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * Publishes straight to JetStream and waits for the stream's acknowledgement. Only for processes
 * without a database (the gateway): a service with a database writes to its outbox instead, so the
 * event commits or rolls back with its change.
 */
export async function publishDirect(
  js: JetStreamClient,
  subject: string,
  payload: Uint8Array,
  { msgId, headers, timeoutMs = 5000 }: PublishDirectOptions,
): Promise<PubAck> {
  if (!isValidSubject(subject)) throw new Error(`invalid event subject '${subject}'`);
  const producer = startProducerSpan('send', subject, headers);
  producer.span.setAttribute('messaging.message.id', msgId);
  try {
    const ack = await js.publish(subject, payload, { msgID: msgId, headers: toNatsHeaders(producer.headers), timeout: timeoutMs });
    endSpan(producer.span);
    return ack;
  } catch (err) {
    endSpan(producer.span, err);
    throw err;
  }
}
