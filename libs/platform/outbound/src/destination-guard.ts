import { lookup as dnsLookup } from 'node:dns/promises';
import { ErrorCode, PlatformError } from '@platform/errors';
import { ipFamily, refusedAddress, RULE_DESCRIPTIONS, type AddressRule } from './address-rules';
import { isAllowedDestination, normaliseHost, type AllowedDestination } from './allow-list';

/** What an outbound connection is for, and so which ports it may use. */
export type OutboundFeature = 'smtp' | 'http';

/** The ports each feature needs; anything else is refused unless an operator allows the destination. */
export const FEATURE_PORTS: Record<OutboundFeature, readonly number[]> = {
  smtp: [25, 465, 587, 2525],
  http: [80, 443],
};

/** A rule that refused a destination: an address rule, or `port` (not one of the feature's ports). */
export type RefusalRule = AddressRule | 'port';

/** The resolved answer of a name: what `dns.lookup(name, { all: true })` gives. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a name to every address (dns.lookup with `all`, as the socket would). Tests inject their own. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

/**
 * A destination that passed the guard: connect to `address` (never to `host` again: that would be a
 * second lookup a DNS-rebinding server could answer differently), with `servername` for TLS (SNI
 * and the certificate's name) when the tenant gave a name.
 */
export interface CheckedDestination {
  /** The host as the tenant gave it. */
  host: string;
  port: number;
  /** The IP address to connect to. */
  address: string;
  family: 4 | 6;
  /** The name for TLS; undefined when the tenant gave an IP address. */
  servername: string | undefined;
  /** `public`: a public address on one of the feature's ports; `operator`: OUTBOUND_ALLOWED_DESTINATIONS allows it. */
  allowedBy: 'public' | 'operator';
}

/**
 * A destination the guard refuses (a 400 naming the rule, on field `host` or `port`). Nothing was
 * sent to it: the guard decides before any socket is opened.
 */
export class DestinationRefused extends PlatformError {
  constructor(
    readonly rule: RefusalRule,
    readonly field: 'host' | 'port',
    message: string,
  ) {
    super(ErrorCode.VALIDATION_FAILED, message, [{ field, message }]);
    this.name = 'DestinationRefused';
  }
}

/** The name did not resolve (or not in time): a connection outcome, not a refusal. */
export class DestinationUnresolved extends Error {
  constructor(
    readonly host: string,
    readonly code: 'ENOTFOUND' | 'ETIMEOUT',
  ) {
    super(code === 'ETIMEOUT' ? `${host} did not resolve in time` : `${host} does not resolve`);
    this.name = 'DestinationUnresolved';
  }
}

export interface DestinationGuardOptions {
  feature: OutboundFeature;
  /** OUTBOUND_ALLOWED_DESTINATIONS: destinations allowed whatever their address and port. */
  allowed: readonly AllowedDestination[];
  /** Bound on the name lookup (default 10 s). */
  lookupTimeoutMs?: number;
  /** Default: the system resolver, as a socket would use it (dns.lookup, /etc/hosts included). */
  resolve?: Resolver;
}

/** The one gate every connection to an address a tenant gave goes through (SMTP now; site URLs and remote files next). */
export interface DestinationGuard {
  readonly feature: OutboundFeature;
  /**
   * Resolves `host` once and answers the address to connect to, or throws DestinationRefused (a
   * refused port or address, any of the name's addresses) or DestinationUnresolved.
   */
  check(host: string, port: number): Promise<CheckedDestination>;
  /**
   * The rules that need no lookup (the port, an IP literal, `localhost`): for saving settings, so
   * an obviously refused destination is a 400 at once. `check` still decides at connection time.
   */
  checkStatic(host: string, port: number): void;
}

const portMessage = (feature: OutboundFeature, host: string, port: number) =>
  `${host}:${port} is refused by the outbound-destination guard (rule: port): ${feature.toUpperCase()} may use ports ${FEATURE_PORTS[feature].join(', ')}`;

function addressMessage(host: string, port: number, address: string, refusal: { rule: AddressRule; embeddedIn?: string }): string {
  const subject = normaliseHost(host) === normaliseHost(address) ? `${address} is` : `${host} resolves to ${address}, which is`;
  const form = refusal.embeddedIn ? ` (${refusal.embeddedIn})` : '';
  return `${host}:${port} is refused by the outbound-destination guard (rule: ${refusal.rule}): ${subject} ${RULE_DESCRIPTIONS[refusal.rule]}${form}`;
}

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/** A guard for one feature with the operator's allow-list. */
export function createDestinationGuard(options: DestinationGuardOptions): DestinationGuard {
  const { feature, allowed } = options;
  const resolve = options.resolve ?? systemResolver;
  const timeoutMs = options.lookupTimeoutMs ?? 10_000;

  const checkPort = (host: string, port: number) => {
    if (!Number.isInteger(port) || !FEATURE_PORTS[feature].includes(port)) throw new DestinationRefused('port', 'port', portMessage(feature, host, port));
  };

  const resolveAll = async (host: string): Promise<ResolvedAddress[]> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DestinationUnresolved(host, 'ETIMEOUT')), timeoutMs);
    });
    try {
      const answers = await Promise.race([resolve(host), timeout]);
      if (answers.length === 0) throw new DestinationUnresolved(host, 'ENOTFOUND');
      return answers;
    } catch (err) {
      if (err instanceof DestinationUnresolved) throw err;
      throw new DestinationUnresolved(host, 'ENOTFOUND');
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    feature,

    checkStatic(host, port) {
      if (isAllowedDestination(allowed, host, port)) return;
      checkPort(host, port);
      const name = normaliseHost(host);
      const literal = ipFamily(name) !== 0 ? name : name === 'localhost' || name.endsWith('.localhost') ? '127.0.0.1' : undefined;
      if (literal === undefined) return;
      const refusal = refusedAddress(literal);
      if (refusal) throw new DestinationRefused(refusal.rule, 'host', addressMessage(host, port, literal, refusal));
    },

    async check(host, port) {
      const name = normaliseHost(host);
      const literal = ipFamily(name);
      const byName = isAllowedDestination(allowed, host, port);
      if (!byName) checkPort(host, port);
      const answers = literal !== 0 ? [{ address: name, family: literal }] : await resolveAll(name);
      // Every address the name has must pass (a name with one private address is refused), so the
      // choice of address below never depends on which one the resolver put first.
      let operator = byName;
      for (const answer of answers) {
        if (byName || isAllowedDestination(allowed, host, port, answer.address)) {
          operator = true;
          continue;
        }
        const refusal = refusedAddress(answer.address);
        if (refusal) throw new DestinationRefused(refusal.rule, 'host', addressMessage(host, port, answer.address, refusal));
      }
      const [chosen] = answers;
      if (!chosen) throw new DestinationUnresolved(host, 'ENOTFOUND');
      return {
        host,
        port,
        address: chosen.address,
        family: chosen.family === 6 ? 6 : 4,
        servername: literal === 0 ? name : undefined,
        allowedBy: operator ? 'operator' : 'public',
      };
    },
  };
}
