/** How a request names its association: by slug (the development header), subdomain or custom domain. */
export type OrganizationKey = { kind: 'slug'; slug: string } | { kind: 'subdomain'; subdomain: string } | { kind: 'domain'; domain: string };

export interface HostRules {
  /** The platform's base domain: `<subdomain>.<baseDomain>` names an organisation. */
  baseDomain: string;
  /** Whether `X-Organisation-Slug` is honoured (development); otherwise it is ignored. */
  slugHeader: boolean;
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The organisation a request names, or undefined when it names none: the `X-Organisation-Slug`
 * header where allowed (it wins: local calls go to 127.0.0.1), else the host: one label under the
 * base domain is a subdomain, any other host name a custom domain. The base domain itself, IP
 * addresses and single-label hosts name no organisation.
 */
export function organizationKeyOf(host: string | undefined, slugHeader: string | undefined, rules: HostRules): OrganizationKey | undefined {
  if (rules.slugHeader && slugHeader !== undefined) {
    const slug = slugHeader.trim().toLowerCase();
    return LABEL.test(slug) ? { kind: 'slug', slug } : undefined;
  }
  const name = (host ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (name === '' || name.startsWith('[') || IPV4.test(name) || !name.includes('.')) return undefined;
  const base = rules.baseDomain.toLowerCase();
  if (name === base) return undefined;
  if (name.endsWith(`.${base}`)) {
    const label = name.slice(0, -(base.length + 1));
    if (LABEL.test(label)) return { kind: 'subdomain', subdomain: label };
  }
  return name.split('.').every((label) => LABEL.test(label)) ? { kind: 'domain', domain: name } : undefined;
}

/** The platform's public lookup of the organisation (also the key it is cached under). */
export function lookupPathOf(key: OrganizationKey): string {
  switch (key.kind) {
    case 'slug':
      return `/api/orgs/slug/${encodeURIComponent(key.slug)}`;
    case 'subdomain':
      return `/api/orgs/subdomain/${encodeURIComponent(key.subdomain)}`;
    case 'domain':
      return `/api/orgs/domain/${encodeURIComponent(key.domain)}`;
    default: {
      const unreachable: never = key;
      throw new Error(`unknown organisation key ${JSON.stringify(unreachable)}`);
    }
  }
}
