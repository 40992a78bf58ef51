import { EventEmitter } from 'node:events';
import type { ServerUnaryCall, ServerWritableStream } from '@grpc/grpc-js';
import { HealthMonitor } from '@platform/health';
import { healthV1 } from '@platform/proto';
import { bindGrpcHealth, LIVENESS_SERVICE } from './grpc-health';

const { SERVING, NOT_SERVING } = healthV1.HealthCheckResponse_ServingStatus;

/** A Watch stream as the server hands it over: what was written, whether it ended. */
function fakeStream(service = '') {
  const stream = Object.assign(new EventEmitter(), { request: { service }, written: [] as number[], ended: false });
  return Object.assign(stream, {
    write: (message: healthV1.HealthCheckResponse) => stream.written.push(message.status),
    end: () => (stream.ended = true),
  });
}
type Stream = ServerWritableStream<healthV1.HealthCheckRequest, healthV1.HealthCheckResponse>;
const settle = () => new Promise((r) => setImmediate(r));

describe('grpc.health.v1 on the health monitor', () => {
  let up: boolean;
  let monitor: HealthMonitor;
  let health: ReturnType<typeof bindGrpcHealth>;

  beforeEach(() => {
    up = true;
    monitor = new HealthMonitor([{ name: 'postgres', check: async () => up }], { cacheMs: 0 });
    monitor.markStarted();
    health = bindGrpcHealth(monitor, 60_000);
  });
  afterEach(() => health.close());

  const check = (service = '') =>
    new Promise<number>((resolve, reject) =>
      health.service.check({ request: { service } } as ServerUnaryCall<healthV1.HealthCheckRequest, healthV1.HealthCheckResponse>, (err, res) =>
        err ? reject(err) : resolve(res!.status),
      ),
    );

  it('answers SERVING while the dependencies answer, NOT_SERVING while one does not', async () => {
    await expect(check()).resolves.toBe(SERVING);
    up = false;
    await expect(check()).resolves.toBe(NOT_SERVING);
    await expect(check('platform.identity.v1.IdentityService')).resolves.toBe(NOT_SERVING);
  });

  it("answers the 'liveness' service SERVING whatever the dependencies, and after the drain", async () => {
    up = false;
    await expect(check(LIVENESS_SERVICE)).resolves.toBe(SERVING);
    monitor.drain();
    await expect(check(LIVENESS_SERVICE)).resolves.toBe(SERVING);
    await expect(check()).resolves.toBe(NOT_SERVING);
  });

  it('tells a watcher the status, then each change, then NOT_SERVING and the end at the drain', async () => {
    const stream = fakeStream();
    health.service.watch(stream as unknown as Stream);
    await settle();
    expect(stream.written).toEqual([SERVING]);
    up = false;
    await monitor.readiness();
    await monitor.readiness();
    expect(stream.written).toEqual([SERVING, NOT_SERVING]);
    up = true;
    await monitor.readiness();
    monitor.drain();
    expect(stream.written).toEqual([SERVING, NOT_SERVING, SERVING, NOT_SERVING]);
    expect(stream.ended).toBe(true);
  });

  it('ends liveness watchers at the drain, and answers one that comes later once', async () => {
    const early = fakeStream(LIVENESS_SERVICE);
    health.service.watch(early as unknown as Stream);
    expect(early.written).toEqual([SERVING]);
    monitor.drain();
    expect(early.ended).toBe(true);
    const late = fakeStream(LIVENESS_SERVICE);
    health.service.watch(late as unknown as Stream);
    expect(late).toMatchObject({ written: [SERVING], ended: true });
  });

  it('ends every open stream on close', async () => {
    const streams = [fakeStream(), fakeStream(LIVENESS_SERVICE)];
    for (const s of streams) health.service.watch(s as unknown as Stream);
    await settle();
    health.close();
    expect(streams.map((s) => s.ended)).toEqual([true, true]);
  });

  it('stops telling a watcher that cancelled', async () => {
    const stream = fakeStream();
    health.service.watch(stream as unknown as Stream);
    await settle();
    stream.emit('cancelled');
    up = false;
    await monitor.readiness();
    expect(stream.written).toEqual([SERVING]);
  });
});
