import { Server, ServerCredentials, type ServiceDefinition } from '@grpc/grpc-js';
import type { TokenSigner } from '@platform/auth';
import { HealthMonitor, startAdminServer, type AdminServer, type DependencyCheck } from '@platform/health';
import { platformMethodOptions, healthV1 } from '@platform/proto';
import { counter, histogram, type Logger } from '@platform/telemetry';
import type { Registry } from 'prom-client';
import { bindGrpcHealth } from './grpc-health';
import { methodAccessTable } from './method-access';
import { adaptService, type AsyncService } from './unary-handler';

/**
 * A connection lives at most MAX_CONNECTION_AGE_MS (plus grpc-js's jitter), then the server asks the
 * client to reconnect (GOAWAY; calls in flight finish, uploads included): clients resolve the
 * service's addresses again, so replicas added since get their share.
 */
export const MAX_CONNECTION_AGE_MS = 5 * 60 * 1000;
const SERVER_OPTIONS = {
  'grpc.max_receive_message_length': 8 * 1024 * 1024,
  'grpc.max_connection_age_ms': MAX_CONNECTION_AGE_MS,
  // No channelz, as on the client side (client.ts).
  'grpc.enable_channelz': 0,
};

export interface ServiceBinding {
  definition: ServiceDefinition;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each binding has its own server type
  handlers: AsyncService<any>;
}

export interface GrpcServiceOptions {
  name: string;
  host?: string;
  grpcPort: number;
  adminPort: number;
  signer: TokenSigner;
  logger: Logger;
  registry: Registry;
  checks: DependencyCheck[];
  services: ServiceBinding[];
  /** Closes what the service opened (relay, consumers, database, NATS), after the server stopped. */
  onShutdown?: () => Promise<void>;
  /** Time between NOT_SERVING and closing the listener, so load balancers stop sending (default 0). */
  drainDelayMs?: number;
  /** In-flight calls get this long to finish before they are cut (default 10 s). */
  shutdownTimeoutMs?: number;
}

export interface RunningService {
  grpcPort: number;
  adminPort: number;
  health: HealthMonitor;
  stop(): Promise<void>;
}

/**
 * Starts a platform gRPC service: its RPCs (with auth, logging, metrics and error mapping),
 * grpc.health.v1 reflecting its dependencies, and the admin HTTP port (`/healthz`, `/readyz`,
 * `/metrics` of @platform/health). Readiness is NOT_SERVING until both listen, and from `stop()` on.
 */
export async function startGrpcService(options: GrpcServiceOptions): Promise<RunningService> {
  const { logger } = options;
  const access = methodAccessTable(platformMethodOptions());
  const latency = histogram(options.registry, 'grpc_server_handling_seconds', 'gRPC handling time by RPC and status code', ['rpc', 'code']);
  const handled = counter(options.registry, 'grpc_server_handled_total', 'gRPC calls answered, by RPC and status code', ['rpc', 'code']);
  const errors = counter(options.registry, 'grpc_server_errors_total', 'gRPC calls answered with a status other than OK', ['rpc', 'code']);
  const health = new HealthMonitor(options.checks, { logger });
  const grpcHealth = bindGrpcHealth(health);
  const server = new Server(SERVER_OPTIONS);
  for (const binding of options.services) {
    server.addService(
      binding.definition,
      adaptService(binding.definition, binding.handlers, { signer: options.signer, logger, access, latency, handled, errors }),
    );
  }
  server.addService(healthV1.HealthService, grpcHealth.service);

  const host = options.host ?? '0.0.0.0';
  const grpcPort = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`${host}:${options.grpcPort}`, ServerCredentials.createInsecure(), (err, port) => (err ? reject(err) : resolve(port))),
  );
  let admin: AdminServer;
  try {
    admin = await startAdminServer({ port: options.adminPort, host, monitor: health, registry: options.registry });
  } catch (err) {
    // The gRPC server serves from bind on: a start that fails past it must not leave it running.
    grpcHealth.close();
    server.forceShutdown();
    throw err;
  }
  // Checked once before serving, so a dependency that is down at start is logged at once.
  await health.probe();
  health.markStarted();
  logger.info({ grpcPort, adminPort: admin.port }, `${options.name} listening`);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      health.drain();
      if (options.drainDelayMs) await new Promise((r) => setTimeout(r, options.drainDelayMs));
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          logger.warn('shutdown timeout: cutting in-flight calls');
          server.forceShutdown();
          resolve();
        }, options.shutdownTimeoutMs ?? 10_000);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      });
      grpcHealth.close();
      await admin.close();
      await options.onShutdown?.();
      logger.info(`${options.name} stopped`);
    })());

  return { grpcPort, adminPort: admin.port, health, stop };
}
