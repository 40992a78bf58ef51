import { Server, ServerCredentials, status, type UntypedServiceImplementation } from '@grpc/grpc-js';
import { organisationV1 } from '@platform/proto';

const { EmailDelivery, EmailDeliveryQuery, ListMembershipSnapshotRequest, MembershipSnapshotPage } = organisationV1;

/** One ListMembershipSnapshot request as the fake received it, with the bearer token it carried. */
export interface SnapshotCall {
  request: organisationV1.ListMembershipSnapshotRequest;
  token: string;
}

/**
 * A gRPC server answering the organisation service's internal `GetEmailDelivery` (organisation.proto): the delivery settings set for an organisation, NOT_FOUND for any other; and
 * `ListMembershipSnapshot`: `snapshot` in id order, keyset-paged as the real service pages (limit 0 → 500, at most 1000). With `implemented = false` both answer
 * UNIMPLEMENTED (an older organisation service); with `unavailable = true` both answer UNAVAILABLE.
 */
export interface FakeOrganisationDelivery {
  address: string;
  deliveries: Map<string, organisationV1.EmailDelivery>;
  calls: organisationV1.EmailDeliveryQuery[];
  /** The memberships ListMembershipSnapshot answers (any order: served by id). */
  snapshot: organisationV1.MembershipSnapshot[];
  snapshotCalls: SnapshotCall[];
  implemented: boolean;
  unavailable: boolean;
  stop(): Promise<void>;
}

type Callback<T> = (err: { code: number; details: string } | null, value?: T) => void;
interface UnaryCall<T> {
  request: T;
  metadata: { get(key: string): unknown[] };
}

/** What the real service answers for one request of ListMembershipSnapshot. */
function snapshotPage(all: organisationV1.MembershipSnapshot[], request: organisationV1.ListMembershipSnapshotRequest): organisationV1.MembershipSnapshotPage {
  const limit = request.limit === 0 ? 500 : Math.min(request.limit, 1000);
  const items = [...all].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0)).filter((m) => request.afterId === '' || m.id > request.afterId).slice(0, limit);
  return { items, nextAfterId: items.length === limit ? (items.at(-1)?.id ?? '') : '' };
}

export async function startFakeOrganisationDelivery(): Promise<FakeOrganisationDelivery> {
  const state = { implemented: true, unavailable: false };
  const deliveries = new Map<string, organisationV1.EmailDelivery>();
  const calls: organisationV1.EmailDeliveryQuery[] = [];
  const snapshot: organisationV1.MembershipSnapshot[] = [];
  const snapshotCalls: SnapshotCall[] = [];
  const server = new Server();
  server.addService(
    {
      getEmailDelivery: {
        path: '/platform.organisation.v1.OrganisationService/GetEmailDelivery',
        requestStream: false,
        responseStream: false,
        requestSerialize: (v: organisationV1.EmailDeliveryQuery) => Buffer.from(EmailDeliveryQuery.encode(v).finish()),
        requestDeserialize: (b: Buffer) => EmailDeliveryQuery.decode(b),
        responseSerialize: (v: organisationV1.EmailDelivery) => Buffer.from(EmailDelivery.encode(v).finish()),
        responseDeserialize: (b: Buffer) => EmailDelivery.decode(b),
      },
      listMembershipSnapshot: {
        path: '/platform.organisation.v1.OrganisationService/ListMembershipSnapshot',
        requestStream: false,
        responseStream: false,
        requestSerialize: (v: organisationV1.ListMembershipSnapshotRequest) => Buffer.from(ListMembershipSnapshotRequest.encode(v).finish()),
        requestDeserialize: (b: Buffer) => ListMembershipSnapshotRequest.decode(b),
        responseSerialize: (v: organisationV1.MembershipSnapshotPage) => Buffer.from(MembershipSnapshotPage.encode(v).finish()),
        responseDeserialize: (b: Buffer) => MembershipSnapshotPage.decode(b),
      },
    },
    {
      getEmailDelivery: (
        call: { request: organisationV1.EmailDeliveryQuery; metadata: { get(key: string): unknown[] } },
        callback: (err: { code: number; details: string } | null, value?: organisationV1.EmailDelivery) => void,
      ) => {
        calls.push(call.request);
        if (!call.metadata.get('authorization')[0]) return callback({ code: status.UNAUTHENTICATED, details: 'service token required' });
        if (state.unavailable) return callback({ code: status.UNAVAILABLE, details: 'down for the test' });
        if (!state.implemented) return callback({ code: status.UNIMPLEMENTED, details: 'not implemented' });
        const delivery = deliveries.get(call.request.organizationId);
        if (!delivery) return callback({ code: status.NOT_FOUND, details: 'no such organisation' });
        callback(null, delivery);
      },
      listMembershipSnapshot: (call: UnaryCall<organisationV1.ListMembershipSnapshotRequest>, callback: Callback<organisationV1.MembershipSnapshotPage>) => {
        const authorization = String(call.metadata.get('authorization')[0] ?? '');
        snapshotCalls.push({ request: call.request, token: authorization.replace(/^Bearer /, '') });
        if (!authorization) return callback({ code: status.UNAUTHENTICATED, details: 'service token required' });
        if (state.unavailable) return callback({ code: status.UNAVAILABLE, details: 'down for the test' });
        if (!state.implemented) return callback({ code: status.UNIMPLEMENTED, details: 'not implemented' });
        callback(null, snapshotPage(snapshot, call.request));
      },
    } as unknown as UntypedServiceImplementation,
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return {
    address: `127.0.0.1:${port}`,
    deliveries,
    calls,
    snapshot,
    snapshotCalls,
    get implemented() {
      return state.implemented;
    },
    set implemented(value: boolean) {
      state.implemented = value;
    },
    get unavailable() {
      return state.unavailable;
    },
    set unavailable(value: boolean) {
      state.unavailable = value;
    },
    stop: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  };
}
