/**
 * Slugs and subdomains: lower-case letters, digits and hyphens, 2 to 63 characters (a DNS label),
 * neither starting nor ending with a hyphen. Unique among live organisations (checked by the store).
 */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])$/;

/** Subdomains the platform keeps for itself: an organisation cannot take them. */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set(['www', 'api', 'app', 'admin', 'mail', 'static', 'assets', 'status', 'docs']);

/** Why a slug or subdomain is not valid, or undefined when it is. */
export function slugProblem(value: string): string | undefined {
  if (value.length < 2 || value.length > 63) return 'must be 2 to 63 characters';
  if (!/^[a-z0-9-]+$/.test(value)) return 'may only contain lower-case letters, digits and hyphens';
  if (!SLUG_PATTERN.test(value)) return 'must not start or end with a hyphen';
  return undefined;
}

export function subdomainProblem(value: string): string | undefined {
  return slugProblem(value) ?? (RESERVED_SUBDOMAINS.has(value) ? 'is reserved by the platform' : undefined);
}

/** A slug or subdomain as looked up: case and surrounding spaces do not matter. */
export function normaliseLookupKey(value: string): string {
  return value.trim().toLowerCase();
}
