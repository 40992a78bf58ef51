import type { PlatformClient } from '@platform/grpc-server/service';
import type { organisationV1 } from '@platform/proto';
import type { MembershipSnapshotSource } from './ports';

export interface OrganisationMembershipsOptions {
  /** The kit's client of the organisation service (with this service's token). */
  organisation: PlatformClient<organisationV1.OrganisationServiceClient>;
  /** Deadline of one page (default 30 s: a page of 1000 memberships is one indexed query). */
  timeoutMs?: number;
}

/** The organisation service's internal `ListMembershipSnapshot`, called with this service's token. */
export function organisationMembershipSnapshot({ organisation, timeoutMs = 30_000 }: OrganisationMembershipsOptions): MembershipSnapshotSource {
  return {
    page: (afterId, limit) => organisation.call(organisation.client.listMembershipSnapshot, { afterId, limit }, { timeoutMs }),
  };
}
