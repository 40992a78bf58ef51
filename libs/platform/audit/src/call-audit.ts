import type { AccessClaims } from '@platform/auth';
import type { CallContext } from '@platform/grpc-server';
import type { AuditEntry, AuditFacts } from './audit-entry';

/** Who acted, for an entry's detail: the caller's account id, email and role (nothing for an anonymous call). */
export function actorOf(caller: AccessClaims | undefined): Record<string, unknown> {
  if (!caller) return {};
  const role = caller.userType === 'SYSTEM' ? caller.systemRole : caller.organizationRole;
  return { by: caller.sub, ...(caller.email ? { byEmail: caller.email } : {}), ...(role ? { byRole: role } : {}) };
}

/**
 * The entry of a call: the handler's facts, who acted (from the verified token), and the client's IP
 * address and user agent as the gateway passed them on.
 */
export function auditOf(ctx: Pick<CallContext, 'caller' | 'clientIp' | 'userAgent'>, facts: AuditFacts, occurredAt: Date): AuditEntry {
  const actor = actorOf(ctx.caller);
  const detail = facts.detail || Object.keys(actor).length > 0 ? { ...facts.detail, ...actor } : undefined;
  return { ...facts, ...(detail ? { detail } : {}), ipAddress: ctx.clientIp, userAgent: ctx.userAgent, occurredAt };
}
