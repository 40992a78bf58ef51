import { outboxAuditWriter, type AuditEntry } from '@platform/audit';
import type { ServiceOutbox } from '@platform/messaging';
import type { Tx } from '../store/db';

/** What the connector publishes: audit entries (identity stores them), through the outbox in the caller's transaction. */
export interface ConnectorMessages {
  auditRecorded(tx: Tx, entry: AuditEntry): Promise<void>;
}

export function outboxMessages({ write }: ServiceOutbox): ConnectorMessages {
  const audit = outboxAuditWriter(write);
  return { auditRecorded: (tx, entry) => audit.record(tx, entry) };
}
