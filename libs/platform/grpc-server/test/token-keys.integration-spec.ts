import { status, type ServiceError } from '@grpc/grpc-js';
import jwt from 'jsonwebtoken';
import { keyIdOf, TokenSigner, type KeySecrets } from '@platform/auth';
import { identityV1 } from '@platform/proto';
import { createLogger, createMetricsRegistry } from '@platform/telemetry';
import { createClient, startGrpcService, unary, type AsyncService, type RunningService } from '../src';

const ISSUER = 'test';
const USER = 'u'.repeat(40);
const SERVICE = 'v'.repeat(40);
const NEXT_USER = 'n'.repeat(40);
const NEXT_SERVICE = 'm'.repeat(40);
const logger = createLogger('test');
logger.level = process.env['LOG_LEVEL'] ?? 'silent';

const signerOf = (userKeys: KeySecrets, serviceKeys?: KeySecrets) => new TokenSigner({ issuer: ISSUER, userKeys, serviceKeys });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: ServiceError) => e,
  );

/** A service with one internal RPC (BatchGetAccounts) and one user RPC (RevokeTokens), verifying with `signer`. */
async function serviceWith(signer: TokenSigner) {
  const handlers = new Proxy(
    {},
    {
      get: (_t, name) =>
        name === 'batchGetAccounts' ? async () => ({ accounts: [] }) : async (_r: unknown, ctx: { caller?: { sub: string } }) => ({ revoked: !!ctx.caller }),
    },
  ) as AsyncService<identityV1.IdentityServiceServer>;
  const service: RunningService = await startGrpcService({
    name: 'keys-test',
    host: '127.0.0.1',
    grpcPort: 0,
    adminPort: 0,
    signer,
    logger,
    registry: createMetricsRegistry('keys-test'),
    checks: [],
    services: [{ definition: identityV1.IdentityServiceService, handlers }],
  });
  const client = createClient(identityV1.IdentityServiceClient, `127.0.0.1:${service.grpcPort}`);
  return {
    internal: (token: string) => failure(unary(client, client.batchGetAccounts, { accountIds: [] }, { token })).then((e) => e?.code ?? status.OK),
    user: (token: string) => failure(unary(client, client.revokeTokens, {}, { token })).then((e) => e?.code ?? status.OK),
    stop: async () => {
      client.close();
      await service.stop();
    },
  };
}

describe('the keys a platform gRPC service accepts', () => {
  const services = signerOf({ secret: USER }, { secret: SERVICE });
  const serviceClaims = { sub: 'service:organisation', sid: 'service:organisation', service: 'organisation', userType: 'SYSTEM', iss: ISSUER };
  let target: Awaited<ReturnType<typeof serviceWith>>;

  beforeAll(async () => {
    target = await serviceWith(services);
  });
  afterAll(() => target.stop());

  it('lets a service token into an internal RPC and a user token into a user RPC, not the other way round', async () => {
    const userToken = services.signAccess({ sub: 'u1', userType: 'SYSTEM', systemRole: 'SUPER_ADMIN', sid: 's1' }).token;
    expect(await target.internal(services.signService('organisation'))).toBe(status.OK);
    expect(await target.user(userToken)).toBe(status.OK);
    expect(await target.internal(userToken)).toBe(status.PERMISSION_DENIED);
    expect(await target.user(services.signService('organisation'))).toBe(status.PERMISSION_DENIED);
  });

  it('refuses a token of the user key that claims to be a service', async () => {
    const forged = jwt.sign({ ...serviceClaims, aud: 'platform-services' }, USER, { algorithm: 'HS256', keyid: keyIdOf(USER), expiresIn: 60 });
    expect(await target.internal(forged)).toBe(status.UNAUTHENTICATED);
    const unkeyed = jwt.sign({ ...serviceClaims, aud: 'platform-services' }, USER, { algorithm: 'HS256', expiresIn: 60 });
    expect(await target.internal(unkeyed)).toBe(status.UNAUTHENTICATED);
  });

  it('refuses a service-key token for another audience', async () => {
    const options = { algorithm: 'HS256' as const, keyid: keyIdOf(SERVICE), expiresIn: 60 };
    expect(await target.internal(jwt.sign({ ...serviceClaims, aud: 'gateway' }, SERVICE, options))).toBe(status.UNAUTHENTICATED);
    expect(await target.internal(jwt.sign(serviceClaims, SERVICE, options))).toBe(status.UNAUTHENTICATED);
  });

  it('refuses a token whose kid names no key it holds', async () => {
    const stranger = signerOf({ secret: 'x'.repeat(40) }, { secret: 'y'.repeat(40) });
    expect(await target.internal(stranger.signService('organisation'))).toBe(status.UNAUTHENTICATED);
    expect(await target.user(stranger.signAccess({ sub: 'u1', userType: 'SYSTEM', sid: 's1' }).token)).toBe(status.UNAUTHENTICATED);
  });

  it('accepts the old keys’ tokens while they are configured as accepted, and refuses them once removed', async () => {
    const oldUser = services.signAccess({ sub: 'u1', userType: 'ORGANIZATION', sid: 's1' }).token;
    const oldService = services.signService('organisation');
    const switched = await serviceWith(signerOf({ secret: NEXT_USER, accepted: USER }, { secret: NEXT_SERVICE, accepted: SERVICE }));
    const after = await serviceWith(signerOf({ secret: NEXT_USER }, { secret: NEXT_SERVICE }));
    try {
      expect([await switched.user(oldUser), await switched.internal(oldService)]).toEqual([status.OK, status.OK]);
      expect([await after.user(oldUser), await after.internal(oldService)]).toEqual([status.UNAUTHENTICATED, status.UNAUTHENTICATED]);
      // Step 1 of a rotation: a service that has learnt the next key accepts what a switched signer makes; one that has not, refuses it.
      const learning = signerOf({ secret: NEXT_USER }, { secret: NEXT_SERVICE });
      expect(await target.internal(learning.signService('organisation'))).toBe(status.UNAUTHENTICATED);
      const ready = await serviceWith(signerOf({ secret: USER, accepted: NEXT_USER }, { secret: SERVICE, accepted: NEXT_SERVICE }));
      try {
        expect(await ready.internal(learning.signService('organisation'))).toBe(status.OK);
        expect(await ready.user(learning.signAccess({ sub: 'u1', userType: 'ORGANIZATION', sid: 's1' }).token)).toBe(status.OK);
      } finally {
        await ready.stop();
      }
    } finally {
      await switched.stop();
      await after.stop();
    }
  });
});
