/**
 * Subjects and filter patterns of platform events: dot-separated lowercase tokens
 * (`identity.user.registered`, `organisation.join-request.approved`), where a filter may use `*` for
 * one token and `>` as its last token. Underscores are not allowed in tokens, which keeps the mapping
 * from a filter to a consumer name (see {@link consumerNameFor}) free of collisions.
 */
const TOKEN = /^[a-z0-9][a-z0-9-]*$/;

export function isValidSubject(subject: string): boolean {
  return subject.split('.').every((t) => TOKEN.test(t));
}

export function isValidFilter(filter: string): boolean {
  const tokens = filter.split('.');
  return tokens.every((t, i) => TOKEN.test(t) || t === '*' || (t === '>' && i === tokens.length - 1));
}

/** True when some subject matches both filters (JetStream refuses overlapping filters too). */
export function filtersOverlap(a: string, b: string): boolean {
  const x = a.split('.');
  const y = b.split('.');
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const s = x[i];
    const t = y[i];
    if (s === '>' || t === '>') return s !== undefined && t !== undefined;
    if (s === undefined || t === undefined) return false;
    if (s !== t && s !== '*' && t !== '*') return false;
  }
  return true;
}

/** True when every subject matching `narrow` also matches `wide`. */
export function filterCovers(wide: string, narrow: string): boolean {
  const w = wide.split('.');
  const n = narrow.split('.');
  for (let i = 0; i < w.length; i++) {
    if (w[i] === '>') return n.length > i;
    if (n[i] === undefined || n[i] === '>') return false;
    if (w[i] !== '*' && w[i] !== n[i]) return false;
  }
  return n.length === w.length;
}

/**
 * The JetStream consumer name for one filter of a logical durable consumer:
 * `members` + `identity.user.*` → `members__identity_user_STAR`. Each filter gets its own JetStream
 * consumer so that the same code runs on servers without multi-filter consumers (nats-server < 2.10),
 * and adding a filter later never renames the existing ones.
 */
export function consumerNameFor(durable: string, filter: string): string {
  const slug = filter.replace(/\./g, '_').replace(/\*/g, 'STAR').replace(/>/g, 'ALL');
  return `${durable}__${slug}`;
}

const DURABLE = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

export function isValidDurable(durable: string): boolean {
  return DURABLE.test(durable);
}
