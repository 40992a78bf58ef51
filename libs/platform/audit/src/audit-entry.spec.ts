import { eventsCommonV1 } from '@platform/proto';
import { auditPayload } from './audit-writer';
import { auditRecordedOf } from './audit-entry';

describe('an audit entry on the wire', () => {
  const occurredAt = new Date('2026-03-01T10:00:00.000Z');

  it('says everything it knows, and empty strings for what it does not', () => {
    expect(auditRecordedOf({ action: 'LOGIN_FAILED', userEmail: 'ann@example.org', occurredAt })).toEqual({
      userId: '',
      userEmail: 'ann@example.org',
      organizationId: '',
      action: 'LOGIN_FAILED',
      resourceType: '',
      resourceId: '',
      ipAddress: '',
      userAgent: '',
      occurredAt: '2026-03-01T10:00:00.000Z',
      detailJson: '',
    });
  });

  it('carries the detail as JSON, and none for an empty detail', () => {
    expect(auditRecordedOf({ action: 'MEMBER_ADDED', detail: { role: 'MEMBER', by: 'u1' }, occurredAt }).detailJson).toBe('{"role":"MEMBER","by":"u1"}');
    expect(auditRecordedOf({ action: 'MEMBER_ADDED', detail: {}, occurredAt }).detailJson).toBe('');
  });

  it('encodes as platform.messages.v1.AuditRecorded', () => {
    const entry = { action: 'LOGIN_LOCKED', userEmail: 'ann@example.org', resourceType: 'ACCOUNT', ipAddress: '10.0.0.1', occurredAt };
    expect(eventsCommonV1.AuditRecorded.decode(auditPayload(entry))).toEqual(auditRecordedOf(entry));
  });
});
