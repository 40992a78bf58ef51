import type { AccessClaims } from '@platform/auth';
import { PlatformError } from '@platform/errors';
import type { OrganisationDeps } from '../deps';
import { effectiveDirectoryConfig, type DirectorySettings } from '../domain/directory';
import { organizationNotFound } from '../domain/errors';
import { profileAccess, type ProfileAccess } from '../domain/profile-access';
import { findAssignment, type AssignmentWithType } from '../store/assignments';
import { findDirectoryConfigOfLiveOrganization } from '../store/directory';
import { findMembership, type MembershipWithRole } from '../store/memberships';

export interface MemberProfileRead {
  access: ProfileAccess;
  membership: MembershipWithRole;
  /** The directory config the entry of a DIRECTORY read is shaped by. */
  directory: DirectorySettings;
  /** The member's membership type assignment; read for a FULL read only. */
  assignment: AssignmentWithType | null;
}

const memberNotFound = (): PlatformError => PlatformError.notFound('Member');
const directoryClosed = (): PlatformError => PlatformError.forbidden("You may not read this organisation's members");

/**
 * One member's profile as the reader may see it (domain/profile-access). The organisation (with
 * its directory config) and the membership are read together; the assignment only when the reader
 * sees everything. Every field comes from this service's own tables: the account's email and names
 * from the membership's copy of identity's account, kept by identity.account.updated.
 */
export async function readMemberProfile(
  deps: Pick<OrganisationDeps, 'db'>,
  reader: AccessClaims | undefined,
  input: { organizationId: string; userId: string },
): Promise<MemberProfileRead> {
  const [saved, membership] = await Promise.all([
    findDirectoryConfigOfLiveOrganization(deps.db, input.organizationId),
    findMembership(deps.db, input.organizationId, input.userId),
  ]);
  if (saved === undefined) throw organizationNotFound();
  const directory = effectiveDirectoryConfig(saved);
  const decision = profileAccess(reader, input.userId, membership, directory.visibility);
  if (!decision.allowed) throw decision.refusal === 'FORBIDDEN' ? directoryClosed() : memberNotFound();
  const assignment = decision.access === 'FULL' ? await findAssignment(deps.db, input.organizationId, input.userId) : null;
  return { access: decision.access, membership: decision.member, directory, assignment };
}
