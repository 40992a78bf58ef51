import type { CallContext } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import type { Logger } from '@platform/telemetry';
import { limitFromSettings, type MembershipLimit } from '../domain/membership-limit';
import type { MembershipLimitPolicy } from './ports';

export interface CachedLimitOptions {
  /** Identity's ReadSystemSettings. */
  read: (parent?: CallContext) => Promise<Pick<identityV1.SystemSettings, 'maxOrganisationsPerUser'>>;
  /** How long a value read is used without asking again (0: ask every time). */
  ttlMs: number;
  /** Milliseconds since the epoch (an injected clock in tests). */
  now: () => number;
  logger: Logger;
}

/**
 * `maxOrganisationsPerUser` from identity's system settings, reused for `ttlMs` so adding members
 * does not ask identity each time. When identity cannot answer, the last value read is used (the
 * setting changes rarely); with none read yet the failure stands (503: the limit is not waived).
 * Each caller whose value is stale asks with its own call's deadline.
 */
export function cachedMembershipLimit(options: CachedLimitOptions): MembershipLimitPolicy {
  let cached: { limit: MembershipLimit; readAt: number } | undefined;
  return {
    async current(parent) {
      if (cached && options.now() - cached.readAt < options.ttlMs) return cached.limit;
      try {
        const settings = await options.read(parent);
        cached = { limit: limitFromSettings(settings.maxOrganisationsPerUser), readAt: options.now() };
        return cached.limit;
      } catch (err) {
        if (!cached) throw err;
        options.logger.warn(
          { err, limit: cached.limit, readAt: new Date(cached.readAt).toISOString() },
          'system settings unavailable: using the last maxOrganisationsPerUser read',
        );
        return cached.limit;
      }
    },
  };
}
