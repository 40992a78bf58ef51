import { DEMO_ORGANIZATIONS, MEMBERS_PER_ORGANIZATION, demoMember } from './world';

describe('the demo world', () => {
  it('names each demo member the same on every run, with distinct addresses', () => {
    const members = Array.from({ length: MEMBERS_PER_ORGANIZATION }, (_, n) => demoMember('riverside-rowing', n));
    expect(members[0]).toEqual({ email: 'member001@riverside-rowing.demo', firstName: 'Ann', lastName: 'Peeters' });
    expect(new Set(members.map((m) => m.email)).size).toBe(MEMBERS_PER_ORGANIZATION);
    expect(demoMember('riverside-rowing', 42)).toEqual(members[42]);
  });

  it('has a capped event with a waiting list in every organisation, and valid colours', () => {
    for (const org of DEMO_ORGANIZATIONS) {
      expect(org.events.some((e) => e.maxAttendees !== undefined)).toBe(true);
      expect(org.branding.primaryColor).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});
