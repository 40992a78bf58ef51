import { customDomainProblem, normaliseDomain } from './custom-domain';

describe('custom domains', () => {
  it('accepts host names of two or more labels, punycode included', () => {
    for (const ok of ['members.example.org', 'example.org', 'app.club-42.example.co.uk', 'xn--bcher-kva.example', `${'a'.repeat(63)}.org`]) {
      expect(customDomainProblem(ok)).toBeUndefined();
    }
  });

  it('refuses single labels, IP addresses, bad characters and bad lengths', () => {
    expect(customDomainProblem('localhost')).toMatch(/two labels/);
    expect(customDomainProblem('10.0.0.1')).toMatch(/IP address/);
    expect(customDomainProblem('exa_mple.org')).toMatch(/host name/);
    expect(customDomainProblem('a..b')).toMatch(/host name/);
    expect(customDomainProblem('-club.example.org')).toMatch(/host name/);
    expect(customDomainProblem('https://club.example.org')).toMatch(/host name/);
    expect(customDomainProblem('club.example.org/path')).toMatch(/host name/);
    expect(customDomainProblem(`${'a'.repeat(64)}.org`)).toMatch(/63/);
    expect(customDomainProblem(`${'abcdefghi.'.repeat(26)}org`)).toMatch(/253/);
  });

  it('normalises case, spaces and the trailing dot of a fully qualified name', () => {
    expect(normaliseDomain('  Members.Example.ORG. ')).toBe('members.example.org');
  });
});
