import { Server, ServerCredentials, status, type UntypedServiceImplementation } from '@grpc/grpc-js';
import { organisationV1 } from '@platform/proto';

const { EmailDelivery, EmailDeliveryQuery } = organisationV1;

/**
 * A gRPC server answering the organisation service's `GetEmailDelivery` (organisation.proto): the delivery settings set for an organisation, NOT_FOUND for any other. With
 * `implemented = false` it answers UNIMPLEMENTED, like today's organisation service.
 */
export interface FakeOrganisationDelivery {
  address: string;
  deliveries: Map<string, organisationV1.EmailDelivery>;
  calls: organisationV1.EmailDeliveryQuery[];
  implemented: boolean;
  unavailable: boolean;
  stop(): Promise<void>;
}

export async function startFakeOrganisationDelivery(): Promise<FakeOrganisationDelivery> {
  const state = { implemented: true, unavailable: false };
  const deliveries = new Map<string, organisationV1.EmailDelivery>();
  const calls: organisationV1.EmailDeliveryQuery[] = [];
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
    } as unknown as UntypedServiceImplementation,
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return {
    address: `127.0.0.1:${port}`,
    deliveries,
    calls,
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
