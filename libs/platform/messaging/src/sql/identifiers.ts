import { createHash } from 'node:crypto';

/** Postgres identifiers are at most 63 bytes; longer ones are silently truncated by LISTEN. */
const MAX_IDENTIFIER_BYTES = 63;

/** Quotes a Postgres identifier (schema, table or channel name). */
export function quoteIdent(name: string): string {
  if (name === '' || name.includes('\0')) throw new Error('invalid SQL identifier');
  return `"${name.replace(/"/g, '""')}"`;
}

export function outboxTable(schema: string): string {
  return `${quoteIdent(schema)}.outbox_event`;
}

export function outboxDeadLetterTable(schema: string): string {
  return `${quoteIdent(schema)}.outbox_dead_letter`;
}

export function processedTable(schema: string): string {
  return `${quoteIdent(schema)}.processed_message`;
}

/**
 * The NOTIFY channel on which writers of a schema's outbox wake its relays: `outbox_<schema>`, or a
 * hash of the schema when that would exceed the identifier limit.
 */
export function outboxChannel(schema: string): string {
  const plain = `outbox_${schema}`;
  if (Buffer.byteLength(plain) <= MAX_IDENTIFIER_BYTES) return plain;
  return `outbox_${createHash('sha256').update(schema).digest('hex').slice(0, 40)}`;
}
