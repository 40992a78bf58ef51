import type { CallContext } from '@platform/grpc-server';
import { normaliseDeviceId } from '../domain/rotation-strategy';
import type { AuditFacts } from '../events/identity-events';
import type { IdentityDeps } from './deps';

/** An audit entry of this call: the client's IP and user agent as the gateway passed them on. */
export function auditOf(deps: IdentityDeps, ctx: CallContext, facts: Omit<AuditFacts, 'ipAddress' | 'userAgent' | 'occurredAt'>): AuditFacts {
  return { ...facts, ipAddress: ctx.clientIp, userAgent: ctx.userAgent, occurredAt: deps.now() };
}

const DEVICE_ID_METADATA = 'x-device-id';

/** The client device: the request's `deviceId`, else the `x-device-id` metadata (the gateway's X-Device-Id header). */
export function deviceIdOf(fromBody: string | undefined, ctx: CallContext): string | null {
  const [fromMetadata] = ctx.metadata.get(DEVICE_ID_METADATA);
  return normaliseDeviceId(fromBody) ?? normaliseDeviceId(typeof fromMetadata === 'string' ? fromMetadata : fromMetadata?.toString('utf8'));
}

/** The caller's account id (user routes always have a caller). */
export function callerId(ctx: CallContext): string {
  if (!ctx.caller) throw new Error('a user route ran without a caller');
  return ctx.caller.sub;
}
