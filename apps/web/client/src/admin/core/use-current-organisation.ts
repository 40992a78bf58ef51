import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/platform';
import type { Schema } from '@platform/api-client';
import { useOrganisationId } from './organisation';

/** The organisation of the session (name, slug, …), read once per organisation; undefined for platform administrators. */
export function useCurrentOrganisation(): Schema<'platform.organisation.v1.Organisation'> | undefined {
  const organisationId = useOrganisationId();
  const { data } = useQuery({
    queryKey: ['current-organisation', organisationId],
    enabled: !!organisationId,
    staleTime: 5 * 60_000,
    queryFn: async () => (organisationId ? ((await api.GET('/api/orgs/{id}', { params: { path: { id: organisationId } } })).data ?? null) : null),
  });
  return data ?? undefined;
}
