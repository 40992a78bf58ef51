import { ROLE_AUTHORITIES } from '@platform/auth/src/authorities';
import type { Claims } from '../../session/claims';
import type { ResourceRoutes } from './admin-area';

/** What react-admin's `getPermissions` answers: who the person is in the console and what they may do. */
export interface Permissions {
  userType: 'ORGANIZATION' | 'SYSTEM';
  /** The organisation role (OWNER, ADMIN…) or the system role (SUPER_ADMIN…). */
  role?: string;
  organizationId?: string;
  /** Every authority of the role (libs/auth's role → authority table). */
  authorities: string[];
}

/** The permissions of a signed-in person, from the access token's claims. */
export function permissionsOf(claims: Pick<Claims, 'userType' | 'organizationRole' | 'systemRole' | 'organizationId'> | undefined): Permissions {
  if (!claims) return { userType: 'ORGANIZATION', authorities: [] };
  const role = claims.userType === 'SYSTEM' ? claims.systemRole : claims.organizationRole;
  const table = ROLE_AUTHORITIES as Record<string, ReadonlySet<string> | undefined>;
  return {
    userType: claims.userType,
    role,
    organizationId: claims.organizationId,
    authorities: role ? [...(table[role] ?? [])] : [],
  };
}

/** Whether the permissions hold the authority. */
export function can(permissions: Permissions | undefined, authority: string | undefined): boolean {
  if (!authority) return true;
  return !!permissions?.authorities.includes(authority);
}

/** react-admin's actions on a resource as the route each needs: no create route, no create button. */
const ROUTE_OF_ACTION: Record<string, keyof ResourceRoutes> = {
  list: 'list',
  show: 'one',
  create: 'create',
  edit: 'update',
  delete: 'delete',
};

/** The authority react-admin's action needs on the resource (`list` and `show` are `read`). */
function authorityOf(routes: ResourceRoutes, action: string): string | undefined {
  const key =
    action === 'list' || action === 'show' || action === 'export' ? (routes.authorities?.[action] ?? routes.authorities?.read) : routes.authorities?.[action];
  return key;
}

/**
 * react-admin's `canAccess`: whether the person may do `action` on `resource`, so that what a role
 * may not do is not offered (menu entries, create/edit/delete buttons, pages). A resource unknown to
 * the map (a custom page) is allowed; an action whose route the resource lacks is not (`show`
 * without a "get one" route falls back to the list).
 */
export function canAccess(permissions: Permissions | undefined, routes: Record<string, ResourceRoutes>, resource: string, action: string): boolean {
  const resourceRoutes = routes[resource];
  if (!resourceRoutes) return true;
  const route = ROUTE_OF_ACTION[action];
  if (route && action !== 'show' && !resourceRoutes[route]) return false;
  if (action === 'show' && !resourceRoutes.one && !resourceRoutes.list) return false;
  return can(permissions, authorityOf(resourceRoutes, action));
}
