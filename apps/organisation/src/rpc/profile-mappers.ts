import type { organisationV1 } from '@platform/proto';
import type { MemberProfileRead } from '../app/read-member-profile';
import { directoryEntry } from '../domain/directory';
import { toAssignmentMessage, toUserMessage } from './mappers';

/**
 * A member's profile as the reader may see it. FULL: the member as the member list shows them, with
 * the assignment. DIRECTORY: exactly the member's directory entry (domain/directory decides what an
 * entry shows); every field an entry lacks stays unset, which the REST answer shows as null.
 */
export function toUserProfileMessage(read: MemberProfileRead, today: Date): organisationV1.UserProfile {
  const m = read.membership;
  if (read.access === 'FULL') {
    const a = read.assignment;
    return { ...toUserMessage(m), membership: a ? toAssignmentMessage(a, a.lastInvoiceId ?? '', today) : undefined };
  }
  const entry = directoryEntry(
    {
      id: m.accountId,
      firstName: m.firstName,
      lastName: m.lastName,
      displayName: m.displayName,
      email: m.email,
      phoneNumber: m.phoneNumber,
      jobTitle: m.jobTitle,
      company: m.company,
      city: m.city,
      isCertified: m.isCertified,
      role: m.role.name,
      joinedAt: m.joinedAt,
    },
    read.directory,
  );
  // A listed member is ACTIVE, and the entry names the role: status and roleId reveal nothing more.
  return { ...entry, status: m.status, roleId: m.role.id };
}
