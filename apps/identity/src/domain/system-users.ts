import { isSystemRole, SYSTEM_ROLES, type SystemRole } from '@platform/auth';
import { PlatformError } from '@platform/errors';

/**
 * Platform staff accounts are created, and their system role changed, only by a SUPER_ADMIN (the
 * `sys` route also lets a PLATFORM_ADMIN through, who manages organisations, not staff). Nobody
 * changes their own role, so the platform cannot lose its last SUPER_ADMIN by accident.
 */
export function assertMayManageSystemUsers(actorRole: string | undefined): void {
  if (actorRole !== 'SUPER_ADMIN') throw PlatformError.forbidden('Only a SUPER_ADMIN manages platform staff accounts');
}

export function assertNotSelf(actorId: string, targetId: string): void {
  if (actorId === targetId) throw PlatformError.forbidden('You cannot change your own system role');
}

export function parseSystemRole(value: string): SystemRole {
  if (!isSystemRole(value)) {
    const message = `must be one of ${SYSTEM_ROLES.join(', ')}`;
    throw PlatformError.validation([{ field: 'systemRole', message }], `Invalid systemRole: ${message}`);
  }
  return value;
}
