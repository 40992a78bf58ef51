import { roleHas, type AccessClaims } from '@platform/auth';

const roleOf = (c: AccessClaims): string | undefined => (c.userType === 'SYSTEM' ? c.systemRole : c.organizationRole);

/** Drafts are seen by those who may create events (admins, managers, platform admins) and system viewers. */
export const seesDrafts = (c: AccessClaims): boolean => c.userType === 'SYSTEM' || roleHas(roleOf(c), 'ORG:EVENT:CREATE');

/** Managing registrations: any registration, another member's registration, the survey answers. */
export const managesRegistrations = (c: AccessClaims): boolean => roleHas(roleOf(c), 'ORG:REGISTRATION:MANAGE');
