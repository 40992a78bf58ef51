import { Server, ServerCredentials, credentials, type ServerUnaryCall, type sendUnaryData } from '@grpc/grpc-js';
import { healthV1 } from '@platform/proto';
import { CHANNEL_OPTIONS, createClient, unary } from '../src';

/** A replica of a service: answers health checks and counts them. */
async function replica(): Promise<{ port: number; calls: () => number; stop: () => Promise<void> }> {
  let calls = 0;
  const server = new Server();
  server.addService(healthV1.HealthService, {
    check: (_call: ServerUnaryCall<healthV1.HealthCheckRequest, healthV1.HealthCheckResponse>, callback: sendUnaryData<healthV1.HealthCheckResponse>) => {
      calls++;
      callback(null, { status: healthV1.HealthCheckResponse_ServingStatus.SERVING });
    },
    watch: () => undefined,
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, bound) => (err ? reject(err) : resolve(bound))),
  );
  return { port, calls: () => calls, stop: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())) };
}

describe('calls spread over the replicas of a service', () => {
  // A headless Service's DNS name resolves to every ready pod; `ipv4:a,b` is the same list without DNS.
  let replicas: Awaited<ReturnType<typeof replica>>[];
  let target: string;

  beforeAll(async () => {
    replicas = [await replica(), await replica()];
    target = `ipv4:${replicas.map((r) => `127.0.0.1:${r.port}`).join(',')}`;
  });
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
  });

  it('sends calls to every replica from one client channel (round robin)', async () => {
    const client = createClient(healthV1.HealthClient, target);
    const before = replicas.map((r) => r.calls());
    for (let i = 0; i < 20; i++) await unary(client, client.check, { service: '' });
    client.close();
    const served = replicas.map((r, i) => r.calls() - before[i]!);
    expect(served.reduce((a, b) => a + b)).toBe(20);
    for (const count of served) expect(count).toBeGreaterThanOrEqual(5);
  });

  it('would put every call on one replica with gRPC’s default policy (pick_first)', async () => {
    const { ['grpc.service_config']: _roundRobin, ...defaults } = CHANNEL_OPTIONS;
    const client = new healthV1.HealthClient(target, credentials.createInsecure(), defaults);
    const before = replicas.map((r) => r.calls());
    for (let i = 0; i < 20; i++) await unary(client, client.check, { service: '' });
    client.close();
    expect(replicas.map((r, i) => r.calls() - before[i]!).sort()).toEqual([0, 20]);
  });
});
