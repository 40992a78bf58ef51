import { type MemberRequest, callAsMember, type LegacyAnswer } from '../legacy-context';
import { LegacyError } from '../legacy-error';
import { idParam, legacyList, legacyPaging, platformPage, type PlatformPage, trimmedParam } from '../legacy-params';
import { orNull } from '../legacy-values';

/** A directory entry or a member profile as the platform answers them (the fields both have). */
export interface PlatformMember {
  id: string;
  firstName?: string;
  lastName?: string;
  displayName?: string;
  email?: string | null;
  phoneNumber?: string | null;
  jobTitle?: string | null;
  company?: string | null;
  city?: string | null;
  isCertified?: boolean;
}

const notFound = () => new LegacyError('USER_NOT_FOUND', 'Invalid user ID.');

const displayNameOf = (m: PlatformMember): string => m.displayName || [m.firstName, m.lastName].filter(Boolean).join(' ');

/**
 * A member as the old app's directory showed them. The platform's directory rules decide what is
 * shown (email and phone only where the directory shows them): a hidden field is null. The platform
 * keeps no state/region of a member's address: null.
 */
export function legacyMember(member: PlatformMember): Record<string, unknown> {
  return {
    id: member.id,
    display_name: displayNameOf(member),
    first_name: orNull(member.firstName),
    last_name: orNull(member.lastName),
    email: orNull(member.email),
    mobile_number: orNull(member.phoneNumber),
    job_title: orNull(member.jobTitle),
    company: orNull(member.company),
    city: orNull(member.city),
    state: null,
    is_certified: member.isCertified ?? false,
  };
}

/**
 * GET|POST /api/v1/members: the association's directory (search, page, per_page), or one member (id).
 * Served by the member directory, which a member may read, not by the admins' member list of spec
 * 4.10 (`/users`), which members may not.
 */
export async function members(ctx: MemberRequest): Promise<LegacyAnswer> {
  const id = idParam(ctx.params, notFound());
  if (id) {
    const path = `/api/orgs/${ctx.org.id}/users/${id}`;
    const member = await callAsMember<PlatformMember>(ctx, { method: 'GET', path, errors: { 404: 'USER_NOT_FOUND', 400: 'USER_NOT_FOUND' } });
    return { body: legacyMember(member), successor: path };
  }
  const path = `/api/orgs/${ctx.org.id}/directory`;
  const paging = legacyPaging(ctx.params);
  const page = await callAsMember<PlatformPage<PlatformMember>>(ctx, {
    method: 'GET',
    path,
    query: { search: trimmedParam(ctx.params, 'search'), ...platformPage(paging) },
  });
  return { body: legacyList(page, paging, legacyMember), successor: path };
}
