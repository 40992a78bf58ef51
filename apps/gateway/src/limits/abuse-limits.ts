import type * as RateLimiterFlexible from 'rate-limiter-flexible';
import { ErrorCode } from '@platform/errors';
import type { RedisConnection } from '@platform/redis';
import type { Logger } from '@platform/telemetry';
import { ProblemError } from '../http/problem';
import type { Route } from '../routing/route-table';
import { LIMITED_ROUTES, LIMIT_NAMES, type Budget, type LimitName, type LimitSetting } from './limit-settings';

// The two classes from their own modules: the package's index loads every store it supports
// (MongoDB, MySQL, DynamoDB, Node's cluster…), 1.4 MB of the gateway's resident memory.
const RateLimiterRedis = require('rate-limiter-flexible/lib/RateLimiterRedis') as typeof RateLimiterFlexible.RateLimiterRedis;
type RateLimiterRedis = RateLimiterFlexible.RateLimiterRedis;
const RateLimiterRes = require('rate-limiter-flexible/lib/RateLimiterRes') as typeof RateLimiterFlexible.RateLimiterRes;
type RateLimiterRes = RateLimiterFlexible.RateLimiterRes;

export interface LimitMetrics {
  refused(limit: LimitName, scope: 'ip' | 'global'): void;
}

/**
 * The gateway's abuse limits (rate-limiter-flexible on Redis, shared by every replica): per client
 * IP (`req.ip`, which honours only GATEWAY_TRUST_PROXY's hops) and globally. A request over a budget
 * is a 429 problem+json with `Retry-After`, and never reaches the service. When Redis fails, a limit
 * lets the request through (the login lockout and the services still protect the accounts).
 */
export class AbuseLimits {
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(
    redis: RedisConnection,
    keyPrefix: string,
    private readonly settings: Record<LimitName, LimitSetting>,
    private readonly metrics: LimitMetrics,
    private readonly logger: Logger,
  ) {
    // Each budget is one key, which rate-limiter-flexible's script and MULTI touch alone: any topology, a Cluster too.
    for (const name of LIMIT_NAMES) {
      const limiter = (scope: string, budget: Budget) =>
        new RateLimiterRedis({ storeClient: redis, keyPrefix: `${keyPrefix}limit:${name}:${scope}`, points: budget.points, duration: budget.seconds });
      this.limiters.set(`${name}:ip`, limiter('ip', settings[name].perIp));
      const global = settings[name].global;
      if (global) this.limiters.set(`${name}:global`, limiter('global', global));
    }
  }

  /** The limit a route spends from, if any (login failures are booked separately: see loginFailure). */
  static limitOf(route: Route): LimitName | undefined {
    const mapped = LIMITED_ROUTES[`${route.httpMethod} ${route.template.source}`];
    if (mapped) return mapped;
    if (route.access.auth === 'public' && route.httpMethod === 'GET') return 'public-lookup';
    return undefined;
  }

  /** Spends one request from the IP's and the global budget; throws the 429 when either is spent. */
  async admit(name: LimitName, ip: string | undefined): Promise<void> {
    await this.spend(name, 'ip', ipKey(ip));
    await this.spend(name, 'global', 'all');
  }

  /** Before a sign-in: refuses an IP whose failures used up its budget (it never reaches the lockout). */
  async checkLoginFailures(ip: string | undefined): Promise<void> {
    const limiter = this.limiters.get('login-failure:ip');
    if (!limiter) return;
    let state: RateLimiterRes | null;
    try {
      state = await limiter.get(ipKey(ip));
    } catch (err) {
      this.logger.warn({ err, limit: 'login-failure' }, 'abuse limit unavailable; letting the request through');
      return;
    }
    if (state && state.consumedPoints >= this.settings['login-failure'].perIp.points) throw this.refusal('login-failure', 'ip', state);
  }

  /** After a failed sign-in: books it against the IP. Never throws. */
  async recordLoginFailure(ip: string | undefined): Promise<void> {
    try {
      await this.limiters.get('login-failure:ip')?.penalty(ipKey(ip));
    } catch (err) {
      this.logger.warn({ err }, 'could not book a failed sign-in against its address');
    }
  }

  private async spend(name: LimitName, scope: 'ip' | 'global', key: string): Promise<void> {
    const limiter = this.limiters.get(`${name}:${scope}`);
    if (!limiter) return;
    try {
      await limiter.consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw this.refusal(name, scope, err);
      this.logger.warn({ err, limit: name }, 'abuse limit unavailable; letting the request through');
    }
  }

  private refusal(name: LimitName, scope: 'ip' | 'global', state: RateLimiterRes): ProblemError {
    this.metrics.refused(name, scope);
    const seconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    return new ProblemError({
      status: 429,
      code: ErrorCode.RATE_LIMITED,
      detail:
        scope === 'ip'
          ? `Too many requests of this kind from your address. Try again in ${describe(seconds)}.`
          : `This service is receiving too many requests of this kind. Try again in ${describe(seconds)}.`,
      headers: { 'Retry-After': String(seconds) },
    });
  }
}

/** A missing address (a socket already gone) shares one bucket rather than escaping the limit. */
const ipKey = (ip: string | undefined): string => ip ?? 'unknown';

const describe = (seconds: number): string => (seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`);
