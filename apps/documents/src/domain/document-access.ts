import { roleHas, type AccessClaims } from '@platform/auth';

/** Spec 2, Document.access. */
export const DOCUMENT_ACCESS = ['PUBLIC', 'MEMBERS_ONLY', 'PRIVATE'] as const;
export type DocumentAccess = (typeof DOCUMENT_ACCESS)[number];

/**
 * A document administrator: a system user, or an organisation role that may upload documents
 * (ADMIN, OWNER). They see PRIVATE documents; the other members (GUEST has no ORG:DOCUMENT:VIEW at
 * all) see PUBLIC and MEMBERS_ONLY ones.
 */
export function isDocumentAdmin(caller: AccessClaims): boolean {
  return caller.userType === 'SYSTEM' || roleHas(caller.organizationRole, 'ORG:DOCUMENT:UPLOAD');
}

/** The access levels a caller may see, in listings and reads alike. */
export function visibleAccess(caller: AccessClaims): DocumentAccess[] {
  return isDocumentAdmin(caller) ? [...DOCUMENT_ACCESS] : ['PUBLIC', 'MEMBERS_ONLY'];
}

/** The proto enum (1 PUBLIC, 2 MEMBERS_ONLY, 3 PRIVATE) → the stored value; undefined for unset. */
export function accessFromProto(value: number | undefined): DocumentAccess | undefined {
  return value !== undefined && value >= 1 && value <= DOCUMENT_ACCESS.length ? DOCUMENT_ACCESS[value - 1] : undefined;
}
