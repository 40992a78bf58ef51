import { z } from 'zod';

const hostname = z.hostname();

/**
 * A custom domain as stored and looked up: DNS names are case-insensitive and a trailing dot names
 * the same host, so both are normalised away.
 */
export function normaliseDomain(value: string): string {
  return value.trim().toLowerCase().replace(/\.$/, '');
}

/**
 * Why a (normalised) custom domain is not a host name an association could point at the platform,
 * or undefined when it is: DNS labels (zod's host-name rule), at least two of them, at most 253
 * characters, and a top-level label that is not all digits (no IP addresses).
 */
export function customDomainProblem(domain: string): string | undefined {
  if (domain.length > 253) return 'must be at most 253 characters';
  if (!hostname.safeParse(domain).success || domain.split('.').some((label) => label.length > 63)) {
    return 'must be a host name: letters, digits and hyphens in dot-separated labels of at most 63 characters';
  }
  const labels = domain.split('.');
  if (labels.length < 2) return 'must have at least two labels (members.example.org)';
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return 'must be a host name, not an IP address';
  return undefined;
}
