import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import type { InboundMessage } from '../consumer/inbound-message';
import { toNatsHeaders } from '../nats/nats-headers';
import { ensureStream } from '../stream/ensure-stream';

/** Headers a dead letter carries besides the original message's own. */
export const DEAD_LETTER_HEADERS = {
  consumer: 'Platform-Dead-Letter-Consumer',
  subject: 'Platform-Dead-Letter-Subject',
  messageId: 'Platform-Dead-Letter-Message-Id',
  reason: 'Platform-Dead-Letter-Reason',
  at: 'Platform-Dead-Letter-At',
  deliveries: 'Platform-Dead-Letter-Deliveries',
} as const;

/** How long a dead letter waits for an operator (docs/operations.md, "Dead letters"). */
export const DEAD_LETTERS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** The stream holding the dead letters of every consumer of `stream` (`PLATFORM_DEAD_LETTERS`). */
export const deadLetterStream = (stream: string): string => `${stream}_DEAD_LETTERS`;

/** The subject of one consumer's dead letters: `dead-letter.PLATFORM.gateway-session-revocations`. */
export const deadLetterSubject = (stream: string, consumer: string): string => `dead-letter.${stream}.${consumer}`;

const created = new WeakMap<JetStreamManager, Set<string>>();

/**
 * Creates the dead-letter stream once per process (on the first dead letter, so most runs make none),
 * with as many replicas as the stream whose letters it keeps (NATS_STREAM_REPLICAS, set at start).
 */
async function ensureDeadLetterStream(jsm: JetStreamManager, stream: string): Promise<void> {
  const known = created.get(jsm) ?? new Set<string>();
  created.set(jsm, known);
  if (known.has(stream)) return;
  const replicas = (await jsm.streams.info(stream)).config.num_replicas;
  await ensureStream(jsm, { name: deadLetterStream(stream), subjects: [`dead-letter.${stream}.>`], maxAgeMs: DEAD_LETTERS_KEPT_MS, replicas });
  known.add(stream);
}

/** A header value on one line, of reasonable length (NATS headers cannot hold CR or LF). */
const headerValue = (text: string): string => text.replace(/[\r\n]+/g, ' ').slice(0, 500);

/**
 * Sets a message aside: its payload and headers go to the consumer's dead-letter subject with the
 * reason, the time and the original subject and id, kept DEAD_LETTERS_KEPT_MS. Idempotent per
 * consumer and message (`Nats-Msg-Id`), so a redelivery after a lost ack stores it once. Throws when
 * the dead letter could not be stored; the caller then retries the message rather than drop it.
 */
export async function setAside(
  js: JetStreamClient,
  jsm: JetStreamManager,
  stream: string,
  consumer: string,
  message: InboundMessage,
  reason: string,
): Promise<void> {
  await ensureDeadLetterStream(jsm, stream);
  const original = Object.fromEntries(Object.entries(message.headers).filter(([key]) => !key.startsWith('Nats-')));
  const headers = {
    ...original,
    [DEAD_LETTER_HEADERS.consumer]: consumer,
    [DEAD_LETTER_HEADERS.subject]: message.subject,
    [DEAD_LETTER_HEADERS.messageId]: message.messageId,
    [DEAD_LETTER_HEADERS.reason]: headerValue(reason),
    [DEAD_LETTER_HEADERS.at]: new Date().toISOString(),
    [DEAD_LETTER_HEADERS.deliveries]: String(message.deliveryCount),
  };
  await js.publish(deadLetterSubject(stream, consumer), message.data, { msgID: `${consumer}:${message.messageId}`, headers: toNatsHeaders(headers) });
}
