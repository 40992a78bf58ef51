import { samePersonNote } from './same-person';

describe('the note of a site user linked to the member of another (samePersonNote)', () => {
  it('names the site user the member is, and that its profile comes from there', () => {
    expect(samePersonNote('7')).toBe(
      'same person as site user 7 (the same address but for its case): linked to that member, whose profile comes from site user 7',
    );
  });
});
