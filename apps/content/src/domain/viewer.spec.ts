import type { AccessClaims } from '@platform/auth';
import { maySee, viewerOf } from './viewer';

const claims = (organizationRole: AccessClaims['organizationRole']): AccessClaims => ({
  sub: 'u',
  userType: 'ORGANIZATION',
  organizationId: 'o',
  organizationRole,
  sid: 's',
  jti: 'j',
  iat: 0,
  exp: 0,
  iss: 'i',
});

describe('who sees which article', () => {
  it('shows members visible articles only, members-only ones included', () => {
    const member = viewerOf(claims('MEMBER'));
    expect(maySee(member, { membersOnly: true, visible: true })).toBe(true);
    expect(maySee(member, { membersOnly: false, visible: false })).toBe(false);
  });

  it('never shows members-only articles to a GUEST', () => {
    const guest = viewerOf(claims('GUEST'));
    expect(maySee(guest, { membersOnly: true, visible: true })).toBe(false);
    expect(maySee(guest, { membersOnly: false, visible: true })).toBe(true);
  });

  it('shows administrators every article, and lets them moderate comments', () => {
    for (const role of ['ADMIN', 'OWNER'] as const) {
      const admin = viewerOf(claims(role));
      expect(maySee(admin, { membersOnly: true, visible: false })).toBe(true);
      expect(admin.moderator).toBe(true);
    }
    expect(viewerOf(claims('MANAGER')).manager).toBe(false);
    expect(viewerOf({ ...claims(undefined), userType: 'SYSTEM', systemRole: 'SUPER_ADMIN' }).manager).toBe(true);
  });
});
