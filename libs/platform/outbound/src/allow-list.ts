import { isIP } from 'node:net';

/** One destination an operator allows whatever its address: a host name or IP literal, and a port. */
export interface AllowedDestination {
  /** Lower case, without a trailing dot or IPv6 brackets. */
  host: string;
  port: number;
}

/** A host as compared: lower case, no trailing dot, no IPv6 brackets. */
export function normaliseHost(host: string): string {
  return host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

/**
 * Parses `OUTBOUND_ALLOWED_DESTINATIONS`: comma- or space-separated `host:port` entries
 * (`[::1]:1025` for IPv6). Throws on an entry it cannot read, so a typo stops the service at start
 * instead of silently allowing nothing (or everything).
 */
export function parseAllowedDestinations(text: string): AllowedDestination[] {
  const entries = text
    .split(/[\s,]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const [, given = '', digits = ''] = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]+):(\d{1,5})$/.exec(entry) ?? [];
    const port = Number(digits);
    if (!given || !Number.isInteger(port) || port < 1 || port > 65535) {
      throw new Error(`OUTBOUND_ALLOWED_DESTINATIONS: "${entry}" is not host:port (IPv6 as [::1]:25)`);
    }
    const host = normaliseHost(given);
    if (given.startsWith('[') && isIP(host) !== 6) throw new Error(`OUTBOUND_ALLOWED_DESTINATIONS: "${entry}" has no IPv6 address in brackets`);
    return { host, port };
  });
}

/**
 * Whether the operator allows this destination: the name the tenant gave (or the address it
 * resolved to, for an entry that is an IP literal) at exactly this port.
 */
export function isAllowedDestination(allowed: readonly AllowedDestination[], host: string, port: number, address?: string): boolean {
  const name = normaliseHost(host);
  const resolved = address === undefined ? undefined : normaliseHost(address);
  return allowed.some((entry) => entry.port === port && (entry.host === name || (resolved !== undefined && isIP(entry.host) !== 0 && entry.host === resolved)));
}
