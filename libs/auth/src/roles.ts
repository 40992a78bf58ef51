/** Organisation roles, highest first. */
export const ORG_ROLES = ['OWNER', 'ADMIN', 'MANAGER', 'MEMBER', 'GUEST'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/** System (platform staff) roles and their levels. */
export const SYSTEM_ROLE_LEVELS = {
  SUPER_ADMIN: 100,
  PLATFORM_ADMIN: 80,
  SUPPORT_ADMIN: 60,
  READ_ONLY_ADMIN: 40,
} as const;
export type SystemRole = keyof typeof SYSTEM_ROLE_LEVELS;
export const SYSTEM_ROLES = Object.keys(SYSTEM_ROLE_LEVELS) as SystemRole[];

export const isOrgRole = (value: string): value is OrgRole => (ORG_ROLES as readonly string[]).includes(value);
export const isSystemRole = (value: string): value is SystemRole => value in SYSTEM_ROLE_LEVELS;

/** System roles that pass every organisation-scoped check and every `sys` route. */
export const isPlatformAdmin = (role: string | undefined): boolean => role === 'SUPER_ADMIN' || role === 'PLATFORM_ADMIN';
