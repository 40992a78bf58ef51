import { chooseMembership, type MembershipView } from './membership-choice';

const m = (id: string, status: string, joinedAt: string, role = 'MEMBER'): MembershipView => ({
  organizationId: id,
  organizationSlug: `org-${id}`,
  role,
  status,
  joinedAt,
});

describe('choosing the organisation of an org login', () => {
  const memberships = [m('a', 'ACTIVE', '2025-01-01T00:00:00Z'), m('b', 'ACTIVE', '2026-01-01T00:00:00Z'), m('c', 'SUSPENDED', '2026-06-01T00:00:00Z')];

  it('opens the organisation asked for by id or by slug', () => {
    expect(chooseMembership(memberships, { organizationId: 'a' }).organizationId).toBe('a');
    expect(chooseMembership(memberships, { organizationSlug: 'ORG-B' }).organizationId).toBe('b');
  });

  it('without a choice, opens the organisation signed in to most recently, never one added without the person using it', () => {
    const used = new Map([['a', new Date('2026-01-02T00:00:00Z')]]);
    // b was joined later (an admin added the account), but the person signs in to a.
    expect(chooseMembership(memberships, {}, used).organizationId).toBe('a');
    const both = new Map([...used, ['b', new Date('2026-03-01T00:00:00Z')]]);
    expect(chooseMembership(memberships, {}, both).organizationId).toBe('b');
    expect(chooseMembership([memberships[0]!], {}).organizationId).toBe('a');
  });

  it('asks for the organisation (400 on organizationId) when there are several and none was signed in to yet', () => {
    expect(() => chooseMembership(memberships, {})).toThrow('Name the organisation to sign in to');
  });

  it('refuses an organisation where the membership is not active, or none at all', () => {
    expect(() => chooseMembership(memberships, { organizationId: 'c' })).toThrow('no active membership in this organisation');
    expect(() => chooseMembership([], {})).toThrow('no active membership in any organisation');
  });
});
