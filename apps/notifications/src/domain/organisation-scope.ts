import type { AccessClaims } from '@platform/auth';
import { isPlatformAdmin } from '@platform/auth';
import { PlatformError } from '@platform/errors';

const isPlatformStaff = (caller: AccessClaims): boolean => caller.userType === 'SYSTEM' && isPlatformAdmin(caller.systemRole);

/**
 * The organisations an email-log read covers: an organisation admin's own (the default, and the only
 * one they may name); for a platform administrator the one named, or every one (undefined).
 */
export function emailLogScope(caller: AccessClaims, requested: string): { organizationId?: string } {
  if (isPlatformStaff(caller)) return requested ? { organizationId: requested } : {};
  if (!caller.organizationId) throw PlatformError.forbidden('This operation needs an organisation administrator');
  if (requested && requested !== caller.organizationId) throw PlatformError.forbidden('You do not have access to this organisation');
  return { organizationId: caller.organizationId };
}

/** Whether a caller may read one log entry (platform mail has no organisation: staff only). */
export function mayReadEmailLog(caller: AccessClaims, organizationId: string | null): boolean {
  if (isPlatformStaff(caller)) return true;
  return organizationId !== null && organizationId === caller.organizationId;
}

/** The organisation a notification is sent in: the caller's own; platform administrators must name one. */
export function senderOrganization(caller: AccessClaims, requested: string): string {
  if (isPlatformStaff(caller)) {
    if (!requested) throw PlatformError.validation([{ field: 'organizationId', message: 'is required for a platform administrator' }]);
    return requested;
  }
  if (!caller.organizationId) throw PlatformError.forbidden('This operation needs an organisation administrator');
  if (requested && requested !== caller.organizationId) throw PlatformError.forbidden('You do not have access to this organisation');
  return caller.organizationId;
}

/** The organisation an inbox read is scoped to: the token's (system users have none: all of theirs). */
export const inboxOrganization = (caller: AccessClaims): string | undefined => (caller.userType === 'SYSTEM' ? undefined : caller.organizationId);
