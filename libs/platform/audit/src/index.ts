export { auditRecordedOf, type AuditEntry, type AuditFacts } from './audit-entry';
export { auditOf, actorOf } from './call-audit';
export { outboxAuditWriter, auditPayload, type AuditWriter } from './audit-writer';
