import { quoteIdent } from './identifiers';

/**
 * DDL of the messaging tables: the outbox, the processed messages and the outbox's dead letters
 * (rows the relay could never publish). The migration runner applies it after each service's own
 * migrations (`IF NOT EXISTS`), so every service has them; tests use it directly.
 */
export function messagingTablesSql(schema: string): string {
  const s = quoteIdent(schema);
  return `
CREATE TABLE IF NOT EXISTS ${s}.outbox_event (
  id uuid PRIMARY KEY,
  subject text NOT NULL,
  payload bytea NOT NULL,
  headers jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz(6) NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS outbox_event_created_at_idx ON ${s}.outbox_event (created_at);
CREATE TABLE IF NOT EXISTS ${s}.processed_message (
  consumer text NOT NULL,
  message_id text NOT NULL,
  processed_at timestamptz(6) NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, message_id)
);
CREATE INDEX IF NOT EXISTS processed_message_processed_at_idx ON ${s}.processed_message (processed_at);
CREATE TABLE IF NOT EXISTS ${s}.outbox_dead_letter (
  id uuid PRIMARY KEY,
  subject text NOT NULL,
  payload bytea NOT NULL,
  headers jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz(6) NOT NULL,
  failed_at timestamptz(6) NOT NULL DEFAULT now(),
  attempts integer NOT NULL,
  last_error text NOT NULL
);
`;
}
