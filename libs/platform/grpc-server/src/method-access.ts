import type { AccessRule, Authority, AuthLevel } from '@platform/auth';
import { isAuthority } from '@platform/auth';
import type { MethodOptions } from '@platform/proto';

/** Access of one RPC as its proto options declare it. `internal` RPCs have no REST binding. */
export type MethodAccess = { kind: 'internal' } | { kind: 'exposed'; auth: AuthLevel; authority?: Authority; orgField?: string; successStatus: number };

const LEVELS: Record<string, AuthLevel> = {
  AUTH_LEVEL_PUBLIC: 'public',
  AUTH_LEVEL_USER: 'user',
  AUTH_LEVEL_ADMIN: 'admin',
  AUTH_LEVEL_OWNER: 'owner',
  AUTH_LEVEL_SYS: 'sys',
};

const camel = (name: string): string => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The access of every method from its proto options (`platformMethodOptions()`), keyed by gRPC path
 * (`/platform.identity.v1.IdentityService/OrgLogin`). Throws on an exposed RPC without a valid
 * access option or with an unknown authority, so a service cannot start with a hole in it.
 */
export function methodAccessTable(methods: Readonly<Record<string, MethodOptions>>): Map<string, MethodAccess> {
  const table = new Map<string, MethodAccess>();
  for (const [rpcPath, { service, method, http, access: raw }] of Object.entries(methods)) {
    if (!http) {
      table.set(rpcPath, { kind: 'internal' });
      continue;
    }
    const auth = raw?.auth ? LEVELS[raw.auth] : undefined;
    if (!auth) throw new Error(`${service}.${method} has a REST binding but no auth level`);
    if (raw?.authority && !isAuthority(raw.authority)) throw new Error(`${service}.${method} names unknown authority ${raw.authority}`);
    table.set(rpcPath, {
      kind: 'exposed',
      auth,
      authority: raw?.authority ? (raw.authority as Authority) : undefined,
      orgField: raw?.org_param ? camel(raw.org_param) : undefined,
      successStatus: raw?.success_status || 200,
    });
  }
  return table;
}

/** The access rule of an exposed method for one request. */
export function accessRuleFor(access: Extract<MethodAccess, { kind: 'exposed' }>, request: unknown): AccessRule {
  const organizationId =
    access.orgField && request && typeof request === 'object' ? String((request as Record<string, unknown>)[access.orgField] ?? '') : undefined;
  return { auth: access.auth, authority: access.authority, organizationId };
}
