import { status } from '@grpc/grpc-js';
import { organisationV1 } from '@platform/proto';
import { fakeGrpcService, grpcError, type FakeGrpcService } from '@platform/testing';

/**
 * The organisation service's internal RPCs notifications calls: `GetEmailDelivery` (the delivery
 * settings set for an organisation, NOT_FOUND for any other) and `ListMembershipSnapshot`
 * (`snapshot` keyset-paged by id as the real service pages: limit 0 → 500, at most 1000). `failAll`
 * plays an outage (UNAVAILABLE) or an older organisation service (UNIMPLEMENTED).
 */
export interface OrganisationStandIn extends FakeGrpcService<typeof organisationV1.OrganisationServiceService> {
  deliveries: Map<string, organisationV1.EmailDelivery>;
  /** The memberships ListMembershipSnapshot answers (any order: served by id). */
  snapshot: organisationV1.MembershipSnapshot[];
}

/** What the real service answers for one request of ListMembershipSnapshot. */
function snapshotPage(all: organisationV1.MembershipSnapshot[], request: organisationV1.ListMembershipSnapshotRequest): organisationV1.MembershipSnapshotPage {
  const limit = request.limit === 0 ? 500 : Math.min(request.limit, 1000);
  const items = [...all]
    .sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
    .filter((m) => request.afterId === '' || m.id > request.afterId)
    .slice(0, limit);
  return { items, nextAfterId: items.length === limit ? (items.at(-1)?.id ?? '') : '' };
}

export async function startOrganisationStandIn(): Promise<OrganisationStandIn> {
  const deliveries = new Map<string, organisationV1.EmailDelivery>();
  const snapshot: organisationV1.MembershipSnapshot[] = [];
  const fake = await fakeGrpcService(
    organisationV1.OrganisationServiceService,
    {
      getEmailDelivery: (request) => {
        const delivery = deliveries.get(request.organizationId);
        if (!delivery) throw grpcError(status.NOT_FOUND, 'no such organisation');
        return delivery;
      },
      listMembershipSnapshot: (request) => snapshotPage(snapshot, request),
    },
    { serviceToken: 'any' },
  );
  return Object.assign(fake, { deliveries, snapshot });
}
