import type { AccessClaims } from '@platform/auth';
import { actorOf, auditOf } from './call-audit';

const claims = (overrides: Partial<AccessClaims>): AccessClaims => ({
  sub: 'u1',
  userType: 'ORGANIZATION',
  sid: 's',
  jti: 'j',
  iat: 0,
  exp: 0,
  iss: 'test',
  ...overrides,
});

describe('the audit entry of a call', () => {
  const now = new Date('2026-03-01T10:00:00.000Z');

  it('names who acted: their account, email and role in the organisation or on the platform', () => {
    expect(actorOf(claims({ email: 'ann@example.org', organizationRole: 'ADMIN' }))).toEqual({ by: 'u1', byEmail: 'ann@example.org', byRole: 'ADMIN' });
    expect(actorOf(claims({ userType: 'SYSTEM', systemRole: 'SUPER_ADMIN', organizationRole: 'OWNER' }))).toEqual({ by: 'u1', byRole: 'SUPER_ADMIN' });
    expect(actorOf(undefined)).toEqual({});
  });

  it("adds the actor to the handler's detail, with the client's address, user agent and the time", () => {
    const ctx = { caller: claims({ email: 'ann@example.org', organizationRole: 'OWNER' }), clientIp: '10.0.0.1', userAgent: 'ua' };
    expect(auditOf(ctx, { action: 'MEMBER_ADDED', userId: 'u2', detail: { role: 'MEMBER' } }, now)).toEqual({
      action: 'MEMBER_ADDED',
      userId: 'u2',
      detail: { role: 'MEMBER', by: 'u1', byEmail: 'ann@example.org', byRole: 'OWNER' },
      ipAddress: '10.0.0.1',
      userAgent: 'ua',
      occurredAt: now,
    });
  });

  it('has no detail for an anonymous call that gave none', () => {
    expect(auditOf({ clientIp: '10.0.0.1' }, { action: 'LOGIN_FAILED', userEmail: 'ann@example.org' }, now)).toEqual({
      action: 'LOGIN_FAILED',
      userEmail: 'ann@example.org',
      ipAddress: '10.0.0.1',
      userAgent: undefined,
      occurredAt: now,
    });
  });
});
