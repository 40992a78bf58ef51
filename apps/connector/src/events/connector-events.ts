import { outboxAuditWriter, type AuditEntry } from '@platform/audit';
import { outboxWriter, type MessagingNames } from '@platform/messaging';
import type { Tx } from '../store/db';

/** What the connector publishes: audit entries (identity stores them), through the outbox in the caller's transaction. */
export interface ConnectorEvents {
  auditRecorded(tx: Tx, entry: AuditEntry): Promise<void>;
}

export function outboxEvents(schema: string, names: MessagingNames): ConnectorEvents {
  const audit = outboxAuditWriter(outboxWriter(schema, names));
  return { auditRecorded: (tx, entry) => audit.record(tx, entry) };
}
