import { useCanAccess, useGetMany } from 'react-admin';
import { personName } from './common';

/**
 * The names of the members with these user ids (registrations, survey answers), looked up once
 * per screen through the data provider's `getMany`; an id stays as it is while loading, for a role
 * that may not read members (MANAGER), or for an account that has left the organisation.
 */
export function useMemberNames(userIds: (string | undefined)[]): (userId: string | undefined) => string {
  const ids = [...new Set(userIds.filter((id): id is string => !!id))];
  const { canAccess } = useCanAccess({ resource: 'members', action: 'show' });
  const { data } = useGetMany('members', { ids }, { enabled: !!canAccess && ids.length > 0, retry: false });
  const names = new Map((data ?? []).map((record) => [String(record.id), personName(record)]));
  return (userId) => (userId ? names.get(userId) || userId : '');
}
