import { likeLiteral, searchForm, searchWords } from './search-text';

describe('search text', () => {
  it('compares without accents, case or extra spaces', () => {
    expect(searchForm('  Crème   BRÛLÉE ')).toBe('creme brulee');
    expect(searchWords('Café  conférence')).toEqual(['cafe', 'conference']);
  });

  it("makes LIKE's wildcards and escape character literal", () => {
    expect(likeLiteral('100%')).toBe('100\\%');
    expect(likeLiteral('a_b')).toBe('a\\_b');
    expect(likeLiteral('back\\slash')).toBe('back\\\\slash');
    expect(likeLiteral('plain')).toBe('plain');
  });
});
