import { lookupPathOf, organizationKeyOf } from './host-organisation';

const rules = { baseDomain: 'platform.example', slugHeader: false };

describe('the organisation a request names', () => {
  it('takes one label under the base domain as the subdomain, whatever the case', () => {
    expect(organizationKeyOf('acme.platform.example', undefined, rules)).toEqual({ kind: 'subdomain', subdomain: 'acme' });
    expect(organizationKeyOf('ACME.Platform.Example.', undefined, rules)).toEqual({ kind: 'subdomain', subdomain: 'acme' });
  });

  it('takes any other host name as a custom domain', () => {
    expect(organizationKeyOf('members.acme.org', undefined, rules)).toEqual({ kind: 'domain', domain: 'members.acme.org' });
    expect(organizationKeyOf('a.b.platform.example', undefined, rules)).toEqual({ kind: 'domain', domain: 'a.b.platform.example' });
  });

  it('names no organisation for the base domain itself, IP addresses, single labels and malformed hosts', () => {
    for (const host of ['platform.example', '127.0.0.1', '[::1]', 'localhost', '', undefined, 'bad_host.example.org', '-x.platform.example']) {
      expect(organizationKeyOf(host, undefined, rules)).toBeUndefined();
    }
  });

  it('honours X-Organisation-Slug only where allowed, and then before the host', () => {
    expect(organizationKeyOf('127.0.0.1', 'acme', rules)).toBeUndefined();
    expect(organizationKeyOf('beta.platform.example', 'acme', rules)).toEqual({ kind: 'subdomain', subdomain: 'beta' });
    const local = { ...rules, slugHeader: true };
    expect(organizationKeyOf('127.0.0.1', ' Acme ', local)).toEqual({ kind: 'slug', slug: 'acme' });
    expect(organizationKeyOf('beta.platform.example', 'acme', local)).toEqual({ kind: 'slug', slug: 'acme' });
    expect(organizationKeyOf('127.0.0.1', 'not a slug', local)).toBeUndefined();
  });

  it('serves subdomains of localhost by default in development', () => {
    expect(organizationKeyOf('acme.localhost', undefined, { baseDomain: 'localhost', slugHeader: true })).toEqual({ kind: 'subdomain', subdomain: 'acme' });
  });

  it('looks each kind up at its own public route', () => {
    expect(lookupPathOf({ kind: 'slug', slug: 'acme' })).toBe('/api/orgs/slug/acme');
    expect(lookupPathOf({ kind: 'subdomain', subdomain: 'acme' })).toBe('/api/orgs/subdomain/acme');
    expect(lookupPathOf({ kind: 'domain', domain: 'members.acme.org' })).toBe('/api/orgs/domain/members.acme.org');
  });
});
