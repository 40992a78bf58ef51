import { auditRowFrom, type AuditEvent } from './audit-entry';

const event = (fields: Partial<AuditEvent> = {}): AuditEvent => ({
  userId: '',
  userEmail: '',
  organizationId: '',
  action: 'USER_SUSPENDED',
  resourceType: '',
  resourceId: '',
  ipAddress: '',
  userAgent: '',
  occurredAt: '',
  detailJson: '',
  ...fields,
});
const received = new Date('2026-05-01T10:00:00Z');

describe('audit rows from audit.recorded events', () => {
  it('keep the event’s fields, lower-case the email, and use the producer’s time', () => {
    const row = auditRowFrom(
      event({
        userId: 'AAAAAAAA-0000-4000-8000-000000000001',
        userEmail: 'Ann@Example.org',
        ipAddress: '10.0.0.1',
        userAgent: 'curl',
        occurredAt: '2026-05-01T09:59:58.500Z',
        detailJson: '{"reason":"spam"}',
      }),
      'msg-1',
      received,
    );
    expect(row).toEqual({
      eventId: 'msg-1',
      userId: 'aaaaaaaa-0000-4000-8000-000000000001',
      userEmail: 'ann@example.org',
      organizationId: null,
      action: 'USER_SUSPENDED',
      resourceType: null,
      resourceId: null,
      ipAddress: '10.0.0.1',
      userAgent: 'curl',
      detail: { reason: 'spam' },
      createdAt: new Date('2026-05-01T09:59:58.500Z'),
    });
  });

  it('keep ids that are not UUIDs in the detail rather than failing', () => {
    const row = auditRowFrom(event({ userId: 'service:gateway', organizationId: 'nope' }), 'm', received);
    expect(row).toMatchObject({ userId: null, organizationId: null, detail: { userId: 'service:gateway', organizationId: 'nope' } });
  });

  it('use the time of receipt when the event has none or one far ahead', () => {
    expect(auditRowFrom(event(), 'm', received).createdAt).toEqual(received);
    expect(auditRowFrom(event({ occurredAt: '2027-01-01T00:00:00Z' }), 'm', received).createdAt).toEqual(received);
  });

  it('keep undecodable detail as raw text and name a missing action UNKNOWN', () => {
    expect(auditRowFrom(event({ action: ' ', detailJson: 'not json' }), 'm', received)).toMatchObject({ action: 'UNKNOWN', detail: { raw: 'not json' } });
  });
});
