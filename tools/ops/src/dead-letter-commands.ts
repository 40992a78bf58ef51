import type { Pool } from 'pg';
import { discardDeadLetter, listDeadLetters, replayDeadLetter, type JetStreamClient, type JetStreamManager } from '@platform/messaging';

/** Where the commands act: the platform stream (its dead letters) and, for the outbox, a service's schema. */
export interface Messaging {
  js: JetStreamClient;
  jsm: JetStreamManager;
  stream: string;
}

/** `dead-letters list [--consumer c]`: one line per dead letter, oldest first. */
export async function listConsumerDeadLetters(m: Messaging, consumer?: string): Promise<string[]> {
  const letters = await listDeadLetters(m.jsm, m.stream, { consumer });
  if (letters.length === 0) return [`no dead letters in ${m.stream}${consumer ? ` for ${consumer}` : ''}`];
  return letters.map(
    (l) => `#${l.sequence}  ${l.at}  ${l.consumer}  ${l.subject}  id=${l.messageId}  deliveries=${l.deliveries}  ${l.size} B  reason: ${l.reason}`,
  );
}

/** `dead-letters replay <sequence…> | --all [--consumer c]`: publishes each again on its subject. */
export async function replayConsumerDeadLetters(m: Messaging, sequences: number[] | 'all', consumer?: string): Promise<string[]> {
  const targets = sequences === 'all' ? (await listDeadLetters(m.jsm, m.stream, { consumer })).map((l) => l.sequence) : sequences;
  const lines: string[] = [];
  for (const sequence of targets) {
    const outcome = await replayDeadLetter(m.js, m.jsm, m.stream, sequence);
    lines.push(
      `#${sequence}: ${outcome === 'duplicate' ? 'kept: JetStream still remembers its id (duplicate window, 2 minutes); replay it again later' : outcome}`,
    );
  }
  return lines.length ? lines : ['nothing to replay'];
}

/** `dead-letters discard <sequence…>`: removes dead letters for good. */
export async function discardConsumerDeadLetters(m: Messaging, sequences: number[]): Promise<string[]> {
  const lines: string[] = [];
  for (const sequence of sequences) lines.push(`#${sequence}: ${(await discardDeadLetter(m.jsm, m.stream, sequence)) ? 'discarded' : 'missing'}`);
  return lines;
}

/** `outbox list --schema s`: the outbox rows a service's relay set aside. */
export async function listOutboxDeadLetters(pool: Pool, schema: string): Promise<string[]> {
  const { rows } = await pool.query<{ id: string; subject: string; attempts: number; failed_at: Date; last_error: string }>(
    `SELECT id::text, subject, attempts, failed_at, last_error FROM ${quote(schema)}.outbox_dead_letter ORDER BY failed_at, id`,
  );
  if (rows.length === 0) return [`no outbox dead letters in ${schema}`];
  return rows.map((r) => `${r.id}  ${r.failed_at.toISOString()}  ${r.subject}  attempts=${r.attempts}  error: ${r.last_error}`);
}

const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

/**
 * `outbox lag`: per service schema (the registry's), the events waiting to be published, the age of
 * the oldest, and the outbox dead letters. A schema without the tables (not migrated yet) says so.
 */
export async function outboxLag(pool: Pool, schemas: readonly string[], now = new Date()): Promise<string[]> {
  const lines: string[] = [];
  for (const schema of schemas) {
    try {
      const { rows } = await pool.query<{ waiting: number; oldest: Date | null; dead: number }>(
        `SELECT (SELECT count(*)::int FROM ${quote(schema)}.outbox_event) AS waiting,
                (SELECT min(created_at) FROM ${quote(schema)}.outbox_event) AS oldest,
                (SELECT count(*)::int FROM ${quote(schema)}.outbox_dead_letter) AS dead`,
      );
      const row = rows[0];
      const age = row?.oldest ? `${Math.max(0, Math.round((now.getTime() - row.oldest.getTime()) / 1000))} s` : '-';
      lines.push(`${schema.padEnd(14)} waiting=${row?.waiting ?? 0}  oldest=${age}  dead-letters=${row?.dead ?? 0}`);
    } catch (err) {
      lines.push(`${schema.padEnd(14)} unreadable: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return lines;
}
