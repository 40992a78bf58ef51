import { encodePayload, SUBJECTS, type MessageWriter, type SqlTx } from '@platform/messaging';
import { auditRecordedOf, type AuditEntry } from './audit-entry';

/** Records audit entries. */
export interface AuditWriter {
  /** Writes the entry as an `audit.recorded` event in the caller's transaction (the outbox). */
  record(tx: SqlTx, entry: AuditEntry): Promise<void>;
}

/** Audit entries into a service's outbox, published by its relay like its other events. */
export function outboxAuditWriter(write: MessageWriter): AuditWriter {
  return { record: async (tx, entry) => void (await write(tx, SUBJECTS.auditRecorded, auditRecordedOf(entry))) };
}

/** The encoded `audit.recorded` payload, for a process without an outbox that publishes directly (the gateway). */
export function auditPayload(entry: AuditEntry): Uint8Array {
  return encodePayload(SUBJECTS.auditRecorded, auditRecordedOf(entry));
}
