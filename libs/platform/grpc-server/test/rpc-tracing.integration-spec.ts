import { status, type ServiceError } from '@grpc/grpc-js';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { TokenSigner } from '@platform/auth';
import { PlatformError } from '@platform/errors';
import { identityV1 } from '@platform/proto';
import { createLogger, createMetricsRegistry, startTestTracing } from '@platform/telemetry';
import { createClient, startGrpcService, unary, type AsyncService, type RunningService } from '../src';

const tracing = startTestTracing('grpc-tracing-test');
const signer = new TokenSigner({ issuer: 'test', userKeys: { secret: 's'.repeat(40) }, serviceKeys: { secret: 'v'.repeat(40) } });
const GET_HEALTH = 'platform.identity.v1.IdentityService/GetHealth';
const logger = createLogger('test');
logger.level = process.env['LOG_LEVEL'] ?? 'silent';

describe('tracing and metrics of RPCs', () => {
  let service: RunningService;
  let client: identityV1.IdentityServiceClient;
  let traceIdInHandler: string | undefined;

  beforeAll(async () => {
    const handlers: Partial<AsyncService<identityV1.IdentityServiceServer>> = {
      async getHealth() {
        traceIdInHandler = trace.getActiveSpan()?.spanContext().traceId;
        return { status: 'UP' };
      },
      async getAccount() {
        throw PlatformError.notFound('Account');
      },
      async batchGetAccounts() {
        throw new Error('boom');
      },
    };
    service = await startGrpcService({
      name: 'test',
      host: '127.0.0.1',
      grpcPort: 0,
      adminPort: 0,
      signer,
      logger,
      registry: createMetricsRegistry('test'),
      checks: [],
      services: [
        {
          definition: identityV1.IdentityServiceService,
          handlers: new Proxy(handlers, {
            get: (t, p: string) => t[p as keyof typeof t] ?? (async () => ({})),
          }) as AsyncService<identityV1.IdentityServiceServer>,
        },
      ],
    });
    client = createClient(identityV1.IdentityServiceClient, `127.0.0.1:${service.grpcPort}`);
  });

  afterAll(async () => {
    client.close();
    await service.stop();
    await tracing.shutdown();
  });

  beforeEach(() => tracing.reset());

  it('runs the handler in a server span, child of the caller’s client span across the wire', async () => {
    const parent = trace.getTracer('test').startSpan('caller');
    await context.with(trace.setSpan(context.active(), parent), () => unary(client, client.getHealth, {}));
    parent.end();

    const spans = tracing.spans();
    const clientSpan = spans.find((s) => s.kind === SpanKind.CLIENT && s.name === GET_HEALTH)!;
    const serverSpan = spans.find((s) => s.kind === SpanKind.SERVER && s.name === GET_HEALTH)!;
    expect(clientSpan.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(serverSpan.parentSpanContext?.spanId).toBe(clientSpan.spanContext().spanId);
    expect(serverSpan.spanContext().traceId).toBe(parent.spanContext().traceId);
    expect(traceIdInHandler).toBe(parent.spanContext().traceId);
    expect(serverSpan.attributes).toMatchObject({
      'rpc.system': 'grpc',
      'rpc.service': 'platform.identity.v1.IdentityService',
      'rpc.method': 'GetHealth',
      'rpc.grpc.status_code': 0,
    });
  });

  it('starts a trace at the client span for a call made outside any span', async () => {
    await unary(client, client.getHealth, {});
    const clientSpan = tracing.spans().find((s) => s.kind === SpanKind.CLIENT)!;
    expect(clientSpan.parentSpanContext).toBeUndefined();
    expect(tracing.spans().find((s) => s.kind === SpanKind.SERVER)!.parentSpanContext?.spanId).toBe(clientSpan.spanContext().spanId);
  });

  it('marks a server span failed for a server fault, not for a caller’s mistake', async () => {
    const token = signer.signService('test');
    const missing = await unary(client, client.getAccount, { accountId: '00000000-0000-4000-8000-000000000000' }, { token }).catch((e: ServiceError) => e);
    const broken = await unary(client, client.batchGetAccounts, { accountIds: [] }, { token }).catch((e: ServiceError) => e);
    expect([(missing as ServiceError).code, (broken as ServiceError).code]).toEqual([status.NOT_FOUND, status.INTERNAL]);
    const server = (method: string) => tracing.spans().find((s) => s.kind === SpanKind.SERVER && s.name.endsWith(`/${method}`))!;
    expect(server('GetAccount').status.code).toBe(0); // UNSET
    expect(server('BatchGetAccounts').status.code).toBe(2); // ERROR
    const client_ = tracing.spans().find((s) => s.kind === SpanKind.CLIENT && s.name.endsWith('/GetAccount'))!;
    expect(client_.status.code).toBe(2);
  });

  it('counts calls and errors per RPC and status code on /metrics', async () => {
    const body = await fetch(`http://127.0.0.1:${service.adminPort}/metrics`).then((r) => r.text());
    expect(body).toMatch(/grpc_server_handled_total\{rpc="GetHealth",code="OK",service="test"\} [1-9]/);
    expect(body).toMatch(/grpc_server_errors_total\{rpc="GetAccount",code="5",service="test"\} 1/);
    expect(body).toMatch(/grpc_server_errors_total\{rpc="BatchGetAccounts",code="13",service="test"\} 1/);
    expect(body).not.toMatch(/grpc_server_errors_total\{rpc="GetHealth"/);
  });
});
