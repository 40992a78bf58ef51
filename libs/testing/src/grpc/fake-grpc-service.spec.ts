import { credentials, Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { ErrorCode, ERROR_CODE_KEY, PlatformError } from '@platform/errors';
import { organisationV1 } from '@platform/proto';
import { testSigner } from '../auth/test-tokens';
import { failure } from './call-failure';
import { fakeGrpcService, grpcError, type FakeGrpcService, type ResponseOf } from './fake-grpc-service';

const signer = testSigner();
const service = signer.signService('test');

type Unary<Req, Res> = (request: Req, metadata: Metadata, callback: (err: ServiceError | null, reply: Res) => void) => unknown;

/** One call of a client method as a promise, with a bearer token if given. */
function unary<C, Req, Res>(client: C, method: Unary<Req, Res>, request: Req, { token }: { token?: string } = {}): Promise<Res> {
  const metadata = new Metadata();
  if (token) metadata.set('authorization', `Bearer ${token}`);
  return new Promise((resolve, reject) => method.call(client, request, metadata, (err, reply) => (err ? reject(err) : resolve(reply))));
}

async function withFake<T>(
  fake: FakeGrpcService<typeof organisationV1.OrganisationServiceService>,
  work: (client: organisationV1.OrganisationServiceClient) => Promise<T>,
): Promise<T> {
  const client = new organisationV1.OrganisationServiceClient(fake.address, credentials.createInsecure());
  try {
    return await work(client);
  } finally {
    client.close();
    await fake.stop();
  }
}

describe('fakeGrpcService', () => {
  it('answers with its handlers and UNIMPLEMENTED for every other method, recording each call', async () => {
    const fake = await fakeGrpcService(organisationV1.OrganisationServiceService, {
      listAccountMemberships: (request) => ({
        memberships: [{ organizationId: request.accountId, organizationSlug: 's', role: 'MEMBER', status: 'ACTIVE', joinedAt: '' }],
      }),
    });
    await withFake(fake, async (client) => {
      const reply: ResponseOf<typeof organisationV1.OrganisationServiceService.listAccountMemberships> = await unary(
        client,
        client.listAccountMemberships,
        { accountId: 'a1' },
        { token: service },
      );
      expect(reply.memberships.map((m) => m.organizationId)).toEqual(['a1']);
      const err = await failure(unary(client, client.getOrganisation, { id: 'x' }));
      expect(err?.code).toBe(status.UNIMPLEMENTED);
      expect(fake.calls.map((c) => c.method)).toEqual(['listAccountMemberships', 'getOrganisation']);
      expect(fake.callsOf('listAccountMemberships')).toEqual([expect.objectContaining({ request: { accountId: 'a1' }, token: service })]);
    });
  });

  it('answers what a handler throws: a gRPC status as is, a PlatformError as a platform service would', async () => {
    const fake = await fakeGrpcService(organisationV1.OrganisationServiceService, {
      getOrganisation: () => {
        throw grpcError(status.NOT_FOUND, 'no such organisation');
      },
      getOrganisationBySlug: async () => {
        throw new PlatformError(ErrorCode.CONFLICT, 'taken');
      },
    });
    await withFake(fake, async (client) => {
      const notFound = await failure(unary(client, client.getOrganisation, { id: 'x' }));
      expect([notFound?.code, notFound?.details]).toEqual([status.NOT_FOUND, 'no such organisation']);
      const conflict = (await failure(unary(client, client.getOrganisationBySlug, { slug: 'x' }))) as ServiceError;
      expect([conflict.code, conflict.metadata.get(ERROR_CODE_KEY)]).toEqual([status.ALREADY_EXISTS, ['CONFLICT']]);
    });
  });

  it('fails the next call of a method, or every call until told otherwise', async () => {
    const fake = await fakeGrpcService(organisationV1.OrganisationServiceService, { listAccountMemberships: () => ({ memberships: [] }) });
    await withFake(fake, async (client) => {
      const lookup = () => unary(client, client.listAccountMemberships, { accountId: 'a' });
      fake.failNext('listAccountMemberships', status.UNAVAILABLE);
      expect((await failure(lookup()))?.code).toBe(status.UNAVAILABLE);
      expect(await failure(lookup())).toBeUndefined();
      fake.failAll(status.UNIMPLEMENTED);
      expect((await failure(lookup()))?.code).toBe(status.UNIMPLEMENTED);
      expect((await failure(lookup()))?.code).toBe(status.UNIMPLEMENTED);
      fake.failAll(undefined);
      expect(await failure(lookup())).toBeUndefined();
    });
  });

  it('checks service tokens as an internal RPC does when asked to', async () => {
    const fake = await fakeGrpcService(
      organisationV1.OrganisationServiceService,
      { listAccountMemberships: () => ({ memberships: [] }) },
      { serviceToken: signer },
    );
    await withFake(fake, async (client) => {
      const lookup = (token?: string) => failure(unary(client, client.listAccountMemberships, { accountId: 'a' }, { token }));
      expect((await lookup())?.code).toBe(status.UNAUTHENTICATED);
      expect((await lookup('not a token'))?.code).toBe(status.UNAUTHENTICATED);
      const user = signer.signAccess({ sub: 'u', sid: 's', userType: 'SYSTEM', systemRole: 'SUPER_ADMIN' }).token;
      expect((await lookup(user))?.code).toBe(status.PERMISSION_DENIED);
      expect(await lookup(service)).toBeUndefined();
    });
  });
});
