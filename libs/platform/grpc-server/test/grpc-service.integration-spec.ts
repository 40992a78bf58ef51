import { status, type ServiceError } from '@grpc/grpc-js';
import { TokenSigner } from '@platform/auth';
import { ERROR_CODE_KEY, ERROR_VIOLATIONS_KEY, PlatformError } from '@platform/errors';
import { healthV1, identityV1 } from '@platform/proto';
import { createLogger, createMetricsRegistry } from '@platform/telemetry';
import { createClient, startGrpcService, unary, type AsyncService, type CallContext, type RunningService } from '../src';

const signer = new TokenSigner({ issuer: 'test', userKeys: { secret: 's'.repeat(40) }, serviceKeys: { secret: 'v'.repeat(40) } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a platform gRPC service', () => {
  let service: RunningService;
  let client: identityV1.IdentityServiceClient;
  let health: healthV1.HealthClient;
  let dependencyUp = true;
  let observedDeadline: number | undefined;

  const handlers: Partial<AsyncService<identityV1.IdentityServiceServer>> = {
    async getHealth() {
      return { status: 'UP' };
    },
    async register() {
      throw PlatformError.validation([{ field: 'email', message: 'must be a valid email address' }]);
    },
    async systemLogin() {
      throw new Error('secret database detail');
    },
    async revokeTokens(_req, ctx) {
      return { revoked: ctx.caller?.sub === 'u1' };
    },
    async orgLogin(_req, ctx: CallContext) {
      // Calls another RPC on behalf of this call: the parent's deadline is carried on.
      await unary(
        client,
        client.getAccount,
        { accountId: '00000000-0000-4000-8000-000000000000' },
        { parent: ctx, token: signer.signService('test'), timeoutMs: 60_000 },
      );
      return { accessToken: '', refreshToken: '', tokenType: '', expiresIn: 0 };
    },
    async batchGetAccounts() {
      return { accounts: [] };
    },
    async getAccount(_req, ctx) {
      observedDeadline = ctx.deadline instanceof Date ? ctx.deadline.getTime() : ctx.deadline;
      await sleep(1500);
      throw PlatformError.notFound('Account');
    },
  };

  beforeAll(async () => {
    const full = new Proxy(handlers, {
      get: (target, prop: string) => target[prop as keyof typeof target] ?? (async () => ({})),
    }) as AsyncService<identityV1.IdentityServiceServer>;
    service = await startGrpcService({
      name: 'test',
      host: '127.0.0.1',
      grpcPort: 0,
      adminPort: 0,
      signer,
      logger: createLogger('test'),
      registry: createMetricsRegistry('test'),
      checks: [{ name: 'fake-db', check: async () => dependencyUp }],
      services: [{ definition: identityV1.IdentityServiceService, handlers: full }],
    });
    client = createClient(identityV1.IdentityServiceClient, `127.0.0.1:${service.grpcPort}`);
    health = createClient(healthV1.HealthClient, `127.0.0.1:${service.grpcPort}`);
  });

  afterAll(async () => {
    client.close();
    health.close();
    await service.stop();
  });

  const failure = (p: Promise<unknown>) =>
    p.then(
      () => undefined,
      (e: ServiceError) => e,
    );

  it('answers a public RPC without a token', async () => {
    await expect(unary(client, client.getHealth, {})).resolves.toEqual({ status: 'UP' });
  });

  it('ignores a bad or expired token on a public RPC, and still refuses it on a user RPC', async () => {
    const other = new TokenSigner({ issuer: 'test', userKeys: { secret: 'o'.repeat(40) } });
    const forged = other.signAccess({ sub: 'u1', userType: 'ORGANIZATION', sid: 's1' }).token;
    for (const token of [forged, 'not.a.jwt']) {
      await expect(unary(client, client.getHealth, {}, { token })).resolves.toEqual({ status: 'UP' });
      expect((await failure(unary(client, client.revokeTokens, {}, { token })))?.code).toBe(status.UNAUTHENTICATED);
    }
  });

  it('refuses a user RPC without a token, with the platform code in metadata', async () => {
    const err = await failure(unary(client, client.revokeTokens, {}));
    expect(err?.code).toBe(status.UNAUTHENTICATED);
    expect(err?.metadata.get(ERROR_CODE_KEY)).toEqual(['UNAUTHENTICATED']);
  });

  it('passes the verified caller to the handler', async () => {
    const { token } = signer.signAccess({ sub: 'u1', userType: 'ORGANIZATION', sid: 's1' });
    await expect(unary(client, client.revokeTokens, {}, { token })).resolves.toEqual({ revoked: true });
  });

  it('keeps internal RPCs to service tokens', async () => {
    const { token } = signer.signAccess({ sub: 'u1', userType: 'SYSTEM', systemRole: 'SUPER_ADMIN', sid: 's1' });
    const err = await failure(unary(client, client.batchGetAccounts, { accountIds: [] }, { token }));
    expect(err?.code).toBe(status.PERMISSION_DENIED);
    await expect(unary(client, client.batchGetAccounts, { accountIds: [] }, { token: signer.signService('other') })).resolves.toBeDefined();
  });

  it('maps a validation error to INVALID_ARGUMENT with the field violations', async () => {
    const err = await failure(unary(client, client.register, { email: 'x', password: '', firstName: '', lastName: '' }));
    expect(err?.code).toBe(status.INVALID_ARGUMENT);
    const [raw] = err!.metadata.get(ERROR_VIOLATIONS_KEY);
    expect(JSON.parse((raw as Buffer).toString('utf8'))).toEqual([{ field: 'email', message: 'must be a valid email address' }]);
  });

  it('answers an unexpected failure as a generic INTERNAL error without its detail', async () => {
    const err = await failure(unary(client, client.systemLogin, { email: 'a@b.org', password: 'x' }));
    expect(err?.code).toBe(status.INTERNAL);
    expect(err?.details).toBe('Internal error');
  });

  it('carries the parent deadline on downstream calls', async () => {
    const started = Date.now();
    const err = await failure(unary(client, client.orgLogin, { email: '', password: '', organizationId: '', organizationSlug: '' }, { timeoutMs: 400 }));
    expect(err?.code).toBe(status.DEADLINE_EXCEEDED);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(observedDeadline).toBeLessThanOrEqual(started + 450);
  });

  it('reports NOT_SERVING while a dependency is down, and SERVING again when it returns', async () => {
    const check = (name = '') =>
      new Promise<healthV1.HealthCheckResponse>((resolve, reject) => health.check({ service: name }, (e, r) => (e ? reject(e) : resolve(r))));
    const ready = () => fetch(`http://127.0.0.1:${service.adminPort}/readyz`).then((r) => r.status);
    const live = () => fetch(`http://127.0.0.1:${service.adminPort}/healthz`).then((r) => r.status);
    expect((await check()).status).toBe(healthV1.HealthCheckResponse_ServingStatus.SERVING);
    dependencyUp = false;
    await service.health.probe();
    expect((await check()).status).toBe(healthV1.HealthCheckResponse_ServingStatus.NOT_SERVING);
    expect(await ready()).toBe(503);
    expect(await live()).toBe(200);
    // What a native gRPC liveness probe asks: alive, whatever the dependencies.
    expect((await check('liveness')).status).toBe(healthV1.HealthCheckResponse_ServingStatus.SERVING);
    dependencyUp = true;
    await service.health.probe();
    expect((await check()).status).toBe(healthV1.HealthCheckResponse_ServingStatus.SERVING);
    expect(await ready()).toBe(200);
  });

  it('serves metrics', async () => {
    const body = await fetch(`http://127.0.0.1:${service.adminPort}/metrics`).then((r) => r.text());
    expect(body).toContain('grpc_server_handling_seconds_bucket');
  });
});

describe('graceful shutdown', () => {
  it('finishes in-flight calls, then refuses new ones', async () => {
    // Stop only once the call is in the handler (a loaded machine may take longer than a fixed sleep to connect).
    let received!: () => void;
    const inHandler = new Promise<void>((resolve) => (received = resolve));
    const handlers = new Proxy(
      {},
      {
        get: () => async () => {
          received();
          await sleep(300);
          return { status: 'UP' };
        },
      },
    ) as AsyncService<identityV1.IdentityServiceServer>;
    const service = await startGrpcService({
      name: 'shutdown-test',
      host: '127.0.0.1',
      grpcPort: 0,
      adminPort: 0,
      signer,
      logger: createLogger('test'),
      registry: createMetricsRegistry('test'),
      checks: [],
      services: [{ definition: identityV1.IdentityServiceService, handlers }],
    });
    const client = createClient(identityV1.IdentityServiceClient, `127.0.0.1:${service.grpcPort}`);
    const inFlight = unary(client, client.getHealth, {});
    await inHandler;
    const stopped = service.stop();
    await expect(inFlight).resolves.toEqual({ status: 'UP' });
    await stopped;
    await expect(unary(client, client.getHealth, {}, { timeoutMs: 500 })).rejects.toBeDefined();
    client.close();
  });
});
