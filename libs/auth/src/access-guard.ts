import { PlatformError } from '@platform/errors';
import { type Authority, roleHas } from './authorities';
import type { AccessClaims } from './claims';
import { isPlatformAdmin } from './roles';

/** The auth levels of the spec's Auth column. */
export type AuthLevel = 'public' | 'user' | 'admin' | 'owner' | 'sys';

export interface AccessRule {
  auth: AuthLevel;
  authority?: Authority;
  /** The organisation the request is about (from the path), when it is organisation-scoped. */
  organizationId?: string;
}

/**
 * Decides whether the caller may perform an operation. Same rule in the gateway and in every
 * service:
 *  - `sys`: a system user with SUPER_ADMIN or PLATFORM_ADMIN;
 *  - organisation scope: the path organisation must be the token's organisation, except for
 *    SUPER_ADMIN and PLATFORM_ADMIN, who pass every organisation-scoped check;
 *  - `admin` needs the ADMIN or OWNER role, `owner` the OWNER role;
 *  - the authority, when named, must be held by the caller's role.
 * Service tokens pass no rule: they are only for internal RPCs (see `authorizeService`).
 * Throws UNAUTHENTICATED without a caller and FORBIDDEN when the caller may not.
 */
export function authorize(caller: AccessClaims | undefined, rule: AccessRule): void {
  if (rule.auth === 'public') return;
  if (!caller) throw PlatformError.unauthenticated();
  if (caller.service) throw PlatformError.forbidden('A service token cannot be used here');

  const system = caller.userType === 'SYSTEM';
  const superUser = system && isPlatformAdmin(caller.systemRole);
  if (superUser) return;

  const role = system ? caller.systemRole : caller.organizationRole;
  switch (rule.auth) {
    case 'sys':
      throw PlatformError.forbidden('This operation needs a platform administrator');
    case 'owner':
      if (system || caller.organizationRole !== 'OWNER') throw PlatformError.forbidden('This operation needs the organisation owner');
      break;
    case 'admin':
      if (system || (caller.organizationRole !== 'OWNER' && caller.organizationRole !== 'ADMIN')) {
        throw PlatformError.forbidden('This operation needs an organisation administrator');
      }
      break;
    case 'user':
      break;
    default: {
      const unreachable: never = rule.auth;
      throw new Error(`unknown auth level ${String(unreachable)}`);
    }
  }
  if (rule.organizationId !== undefined && !system && caller.organizationId !== rule.organizationId) {
    throw PlatformError.forbidden('You do not have access to this organisation');
  }
  if (rule.authority && !roleHas(role, rule.authority)) {
    throw PlatformError.forbidden(`Your role does not have ${rule.authority}`);
  }
}

/** Internal RPCs (no REST binding) accept only service tokens. */
export function authorizeService(caller: AccessClaims | undefined): void {
  if (!caller) throw PlatformError.unauthenticated('A service token is required');
  if (!caller.service) throw PlatformError.forbidden('This operation is internal to the platform');
}
