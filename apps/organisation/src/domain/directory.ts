import type { AccessClaims } from '@platform/auth';

/**
 * The member directory: what the members of one organisation see of each other (spec section 2,
 * Directory config). Only ACTIVE members who are not excluded from listing are in it
 * (isListedInDirectory; the store's query and partial indexes say the same in SQL); this file holds
 * who may read it, whom it lists and what an entry shows.
 */
export const DIRECTORY_VISIBILITIES = ['MEMBERS_ONLY', 'ADMINS_ONLY'] as const;
export type DirectoryVisibility = (typeof DIRECTORY_VISIBILITIES)[number];

export const isDirectoryVisibility = (value: string): value is DirectoryVisibility => (DIRECTORY_VISIBILITIES as readonly string[]).includes(value);

export interface DirectorySettings {
  visibility: DirectoryVisibility;
  showEmail: boolean;
  showPhone: boolean;
  allowMemberSearch: boolean;
}

/** An organisation that never configured its directory: members see names only, and may search. */
export const DEFAULT_DIRECTORY_CONFIG: Readonly<DirectorySettings> = Object.freeze({
  visibility: 'MEMBERS_ONLY',
  showEmail: false,
  showPhone: false,
  allowMemberSearch: true,
});

export function effectiveDirectoryConfig(saved: DirectorySettings | null | undefined): DirectorySettings {
  if (!saved) return { ...DEFAULT_DIRECTORY_CONFIG };
  return { visibility: saved.visibility, showEmail: saved.showEmail, showPhone: saved.showPhone, allowMemberSearch: saved.allowMemberSearch };
}

/**
 * Whether the caller may read the directory under its visibility. The route already demands
 * ORG:DIRECTORY:VIEW of an organisation token for this organisation (every role but GUEST), or a
 * system user. MEMBERS_ONLY adds nothing to that; ADMINS_ONLY lets only the organisation's OWNER
 * and ADMIN (and system users, who pass every organisation-scoped route) read it.
 */
export function mayReadDirectory(caller: Pick<AccessClaims, 'userType' | 'organizationRole'> | undefined, visibility: DirectoryVisibility): boolean {
  if (!caller) return false;
  if (visibility === 'MEMBERS_ONLY') return true;
  if (caller.userType === 'SYSTEM') return true;
  return caller.organizationRole === 'OWNER' || caller.organizationRole === 'ADMIN';
}

/**
 * Whether the directory lists the member: ACTIVE and not excluded from listing. The same predicate
 * as queryDirectory's WHERE (and the membership_directory_* partial indexes), for one member.
 */
export function isListedInDirectory(member: { status: string; isExcludedFromListing: boolean }): boolean {
  return member.status === 'ACTIVE' && !member.isExcludedFromListing;
}

/** The sorts of the directory, each served by a partial index (schema.prisma, membership_directory_*). */
export const DIRECTORY_SORT_FIELDS = ['lastName', 'firstName'] as const;
export type DirectorySortField = (typeof DIRECTORY_SORT_FIELDS)[number];

/** A member's facts the directory may show; email and phone only when the config says so. */
export interface DirectoryMemberFacts {
  id: string;
  firstName: string;
  lastName: string;
  displayName: string | null;
  email: string;
  phoneNumber: string | null;
  jobTitle: string | null;
  company: string | null;
  city: string | null;
  isCertified: boolean;
  role: string;
  joinedAt: Date;
}

export interface DirectoryEntryView {
  id: string;
  firstName: string;
  lastName: string;
  displayName: string;
  /** Undefined when the config hides it. */
  email?: string;
  /** Undefined when the config hides it or the member has none. */
  phoneNumber?: string;
  jobTitle: string;
  company: string;
  city: string;
  isCertified: boolean;
  roles: string[];
  joinedAt: string;
}

/**
 * One entry as every reader sees it (administrators included): the date of birth, address, postal
 * code, renewal date and external id are never shown; email and phone as the config says.
 */
export function directoryEntry(member: DirectoryMemberFacts, config: Pick<DirectorySettings, 'showEmail' | 'showPhone'>): DirectoryEntryView {
  return {
    id: member.id,
    firstName: member.firstName,
    lastName: member.lastName,
    displayName: member.displayName ?? '',
    ...(config.showEmail ? { email: member.email } : {}),
    ...(config.showPhone && member.phoneNumber ? { phoneNumber: member.phoneNumber } : {}),
    jobTitle: member.jobTitle ?? '',
    company: member.company ?? '',
    city: member.city ?? '',
    isCertified: member.isCertified,
    roles: [member.role],
    joinedAt: member.joinedAt.toISOString(),
  };
}

/** The fields whose value a change sets differently (absent fields are kept). */
export function changedDirectoryFields(current: DirectorySettings, change: Partial<DirectorySettings>): Array<keyof DirectorySettings> {
  return (Object.keys(DEFAULT_DIRECTORY_CONFIG) as Array<keyof DirectorySettings>).filter(
    (field) => change[field] !== undefined && change[field] !== current[field],
  );
}
