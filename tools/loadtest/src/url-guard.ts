/**
 * The rule that keeps a load test off production. A base URL "looks like production" when it is
 * https and its host is none of: `localhost`, `*.localhost`, a loopback address (127.0.0.0/8,
 * `::1`), a name under `.test` or `.local`, or a name with a staging label (a DNS label that is
 * `staging`, `stage`, `stg`, `preprod` or `uat`, alone, with digits after it, or as one part of
 * a dashed label: `staging.example.org`, `api-staging.example.org`, `stg2.example.org`). Plain
 * http is taken for a test set-up (a production gateway answers https). Such a URL is refused
 * unless `--allow-production` is given.
 */
const STAGING_WORDS = ['staging', 'stage', 'stg', 'preprod', 'uat'];

function isLoopback(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]' || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function hasStagingLabel(host: string): boolean {
  return host.split('.').some((label) => label.split('-').some((part) => STAGING_WORDS.some((word) => new RegExp(`^${word}\\d*$`).test(part))));
}

/** Why `url` looks like production, or undefined when it does not. */
export function productionReason(url: URL): string | undefined {
  const host = url.hostname.toLowerCase();
  if (url.protocol !== 'https:') return undefined;
  if (isLoopback(host)) return undefined;
  if (host.endsWith('.test') || host.endsWith('.local')) return undefined;
  if (hasStagingLabel(host)) return undefined;
  return `${url.origin} is https on a host that is not local (localhost, 127.x, *.test, *.local) nor staging-looking (a label staging, stage, stg, preprod or uat)`;
}

/** True when `target` is on the base URL's origin and under its path: the only address the tool may contact. */
export function isWithinBase(base: URL, target: URL): boolean {
  if (target.origin !== base.origin) return false;
  const prefix = base.pathname.replace(/\/+$/, '');
  return prefix === '' || target.pathname === prefix || target.pathname.startsWith(`${prefix}/`);
}

export class OffTargetError extends Error {
  override name = 'OffTargetError';
}

/**
 * A fetch that sends only to the base URL (anything else throws OffTargetError before a byte
 * leaves) and never follows a redirect (a 3xx is the answer), so no request reaches another host.
 */
export function guardedFetch(base: URL, inner: typeof fetch = fetch): (input: Request) => Promise<Response> {
  return async (input: Request) => {
    const target = new URL(input.url);
    if (!isWithinBase(base, target)) throw new OffTargetError(`refused a request to ${target.origin}${target.pathname}: only ${base.href} is contacted`);
    return inner(new Request(input, { redirect: 'manual' }));
  };
}
