import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import { ApiCode, isApiError } from '../nats/api-errors';
import { fromNatsHeaders, toNatsHeaders } from '../nats/nats-headers';
import { DEAD_LETTER_HEADERS, deadLetterStream } from './dead-letter-stream';

export interface DeadLetter {
  /** Its sequence in the dead-letter stream: what `replay` and `discard` take. */
  sequence: number;
  consumer: string;
  /** The original wire subject. */
  subject: string;
  messageId: string;
  reason: string;
  at: string;
  deliveries: number;
  size: number;
}

interface Stored {
  letter: DeadLetter;
  data: Uint8Array;
  headers: Record<string, string>;
}

async function read(jsm: JetStreamManager, stream: string, sequence: number): Promise<Stored | undefined> {
  const stored = await jsm.streams.getMessage(deadLetterStream(stream), { seq: sequence }).catch((err: unknown) => {
    if (isApiError(err, ApiCode.StreamNotFound) || isApiError(err, NO_MESSAGE)) return null;
    throw err;
  });
  if (!stored) return undefined;
  const headers = fromNatsHeaders(stored.header);
  return {
    data: stored.data,
    headers,
    letter: {
      sequence,
      consumer: headers[DEAD_LETTER_HEADERS.consumer] ?? '',
      subject: headers[DEAD_LETTER_HEADERS.subject] ?? '',
      messageId: headers[DEAD_LETTER_HEADERS.messageId] ?? '',
      reason: headers[DEAD_LETTER_HEADERS.reason] ?? '',
      at: headers[DEAD_LETTER_HEADERS.at] ?? '',
      deliveries: Number(headers[DEAD_LETTER_HEADERS.deliveries] ?? 0),
      size: stored.data.length,
    },
  };
}

/** JetStream's "no message found" API error code. */
const NO_MESSAGE = 10037;

/** The dead letters of `stream` (of one consumer, when given), oldest first, at most `limit`. */
export async function listDeadLetters(jsm: JetStreamManager, stream: string, options: { consumer?: string; limit?: number } = {}): Promise<DeadLetter[]> {
  const info = await jsm.streams.info(deadLetterStream(stream)).catch((err: unknown) => {
    if (isApiError(err, ApiCode.StreamNotFound)) return undefined;
    throw err;
  });
  if (!info || info.state.messages === 0) return [];
  const letters: DeadLetter[] = [];
  const limit = options.limit ?? 1000;
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && letters.length < limit; seq++) {
    const stored = await read(jsm, stream, seq);
    if (stored && (options.consumer === undefined || stored.letter.consumer === options.consumer)) letters.push(stored.letter);
  }
  return letters;
}

export type ReplayOutcome = 'replayed' | 'duplicate' | 'missing';

/**
 * Publishes a dead letter again on its original subject with its original message id and headers,
 * then removes it. Consumers that had handled it drop it by message id; the one that set it aside
 * handles it again (after its fix was released). 'duplicate': JetStream's duplicate window still
 * remembers the id — the letter is kept; replay it after the window (2 minutes).
 */
export async function replayDeadLetter(js: JetStreamClient, jsm: JetStreamManager, stream: string, sequence: number): Promise<ReplayOutcome> {
  const stored = await read(jsm, stream, sequence);
  if (!stored) return 'missing';
  const headers = Object.fromEntries(Object.entries(stored.headers).filter(([key]) => !key.startsWith('Platform-Dead-Letter-') && !key.startsWith('Nats-')));
  const { messageId, subject } = stored.letter;
  // `<stream>:<sequence>` ids were made up for messages published without Nats-Msg-Id.
  const msgID = /^[A-Za-z0-9_-]+:\d+$/.test(messageId) ? undefined : messageId;
  const ack = await js.publish(subject, stored.data, { msgID, headers: toNatsHeaders(headers) });
  if (ack.duplicate) return 'duplicate';
  await jsm.streams.deleteMessage(deadLetterStream(stream), sequence, false);
  return 'replayed';
}

/** Removes a dead letter for good (after an operator decided it must never be handled). */
export async function discardDeadLetter(jsm: JetStreamManager, stream: string, sequence: number): Promise<boolean> {
  // Deleting a sequence the stream never held is an error of its store ("EOF"): look first.
  if (!(await read(jsm, stream, sequence))) return false;
  return jsm.streams.deleteMessage(deadLetterStream(stream), sequence, false).catch((err: unknown) => {
    if (isApiError(err, NO_MESSAGE) || isApiError(err, ApiCode.StreamNotFound)) return false;
    throw err;
  });
}
