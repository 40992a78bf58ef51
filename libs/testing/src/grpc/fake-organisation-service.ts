import { Server, ServerCredentials, status, type UntypedServiceImplementation } from '@grpc/grpc-js';
import { organisationV1 } from '@platform/proto';

export interface FakeOrganisationService {
  address: string;
  /** Memberships answered for an account id. */
  memberships: Map<string, organisationV1.AccountMembership[]>;
  stop(): Promise<void>;
}

/**
 * A small real gRPC server speaking platform.organisation.v1.OrganisationService, for tests of
 * services that depend on it before (or without) the organisation service itself.
 */
export async function startFakeOrganisationService(): Promise<FakeOrganisationService> {
  const memberships = new Map<string, organisationV1.AccountMembership[]>();
  const server = new Server();
  // Only the internal lookup is served; every other RPC answers UNIMPLEMENTED.
  const impl: Pick<organisationV1.OrganisationServiceServer, 'listAccountMemberships'> = {
    listAccountMemberships: (call, callback) => {
      const auth = call.metadata.get('authorization')[0];
      if (!auth) {
        callback({ code: status.UNAUTHENTICATED, details: 'service token required' });
        return;
      }
      callback(null, { memberships: memberships.get(call.request.accountId) ?? [] });
    },
  };
  server.addService(organisationV1.OrganisationServiceService, impl as unknown as UntypedServiceImplementation);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return {
    address: `127.0.0.1:${port}`,
    memberships,
    stop: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  };
}
