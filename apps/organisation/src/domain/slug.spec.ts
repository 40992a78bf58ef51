import { normaliseLookupKey, slugProblem, subdomainProblem } from './slug';

describe('slugs and subdomains', () => {
  it('accepts lower-case letters, digits and inner hyphens', () => {
    for (const ok of ['ab', 'alpha', 'club-42', 'a1-b2-c3', 'x'.repeat(63)]) expect(slugProblem(ok)).toBeUndefined();
  });

  it('refuses upper case, other characters, edge hyphens and bad lengths', () => {
    expect(slugProblem('Alpha')).toMatch(/lower-case/);
    expect(slugProblem('al_pha')).toMatch(/lower-case/);
    expect(slugProblem('al pha')).toMatch(/lower-case/);
    expect(slugProblem('é-club')).toMatch(/lower-case/);
    expect(slugProblem('-alpha')).toMatch(/hyphen/);
    expect(slugProblem('alpha-')).toMatch(/hyphen/);
    expect(slugProblem('a')).toMatch(/2 to 63/);
    expect(slugProblem('x'.repeat(64))).toMatch(/2 to 63/);
  });

  it('keeps platform subdomains for the platform', () => {
    expect(subdomainProblem('www')).toMatch(/reserved/);
    expect(subdomainProblem('api')).toMatch(/reserved/);
    expect(slugProblem('www')).toBeUndefined();
  });

  it('looks slugs up whatever their case', () => {
    expect(normaliseLookupKey('  Alpha-Club ')).toBe('alpha-club');
  });
});
