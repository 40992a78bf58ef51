import { needsFreshLink } from './signed-url';

describe('needsFreshLink', () => {
  const now = Date.parse('2030-01-01T12:00:00Z');
  it('signs anew a link that runs out within 30 s, never one without an expiry', () => {
    expect(needsFreshLink('2030-01-01T12:10:00Z', now)).toBe(false);
    expect(needsFreshLink('2030-01-01T12:00:20Z', now)).toBe(true);
    expect(needsFreshLink('2030-01-01T11:00:00Z', now)).toBe(true);
    expect(needsFreshLink('', now)).toBe(false);
    expect(needsFreshLink(undefined, now)).toBe(false);
  });
});
