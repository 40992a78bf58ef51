import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { TokenSigner } from '@platform/auth';
import { HealthMonitor, startAdminServer, type AdminServer } from '@platform/health';
import { createRedisConnection, createRedisSubscriber } from '@platform/redis';
import { type Logger, createLogger } from '@platform/telemetry';
import { RequestAuthenticator } from './auth/auth-middleware';
import { RevocationMirror } from './auth/revocation-mirror';
import { SessionDenylist } from './auth/session-denylist';
import type { GatewayConfig } from './config';
import { apiDocs } from './docs/api-docs';
import { API_INFO } from './docs/openapi';
import type { MessageBus, RunningSubscription } from './messages/message-bus';
import { JetStreamMessageBus } from './messages/jetstream-message-bus';
import { startPasswordChangedConsumer } from './messages/password-changed-consumer';
import { startSessionRevokedConsumer } from './messages/session-revoked-consumer';
import { GrpcClients } from './grpc/grpc-clients';
import { createHttpApp } from './http/http-app';
import { AbuseLimits } from './limits/abuse-limits';
import { LoginGuard } from './lockout/login-guard';
import { LoginLockout } from './lockout/login-lockout';
import { GatewayMetrics } from './observability/gateway-metrics';
import { type ProtoSource, loadProtoSource } from './protos/proto-source';
import { RouteTable } from './routing/route-table';

/** Replaceable parts, for tests: a fixture proto set, a clock, an in-memory message bus. */
export interface GatewayOverrides {
  protos?: ProtoSource;
  logger?: Logger;
  messageBus?: MessageBus;
  /** Milliseconds, for the login lockout. */
  now?: () => number;
}

export interface Gateway {
  /** The public app (REST routes and docs). */
  app: Express;
  /** Readiness of the admin port (`/readyz`): Redis and NATS answer, and the gateway is not stopping. */
  health: HealthMonitor;
  routes: RouteTable;
  metrics: GatewayMetrics;
  denylist: SessionDenylist;
  /** Connects Redis and NATS, starts the revocation consumer, listens; resolves with the bound ports. */
  start(): Promise<{ port: number; adminPort: number }>;
  /** Graceful: refuses new requests, lets those in flight finish (up to the shutdown timeout), closes everything. */
  stop(): Promise<void>;
}

/**
 * Builds the gateway from its configuration. Everything that can fail on a bad contract (route
 * table, access options) fails here, before anything listens; the docs are built on their first
 * request (docs/api-docs.ts).
 */
export function createGateway(config: GatewayConfig, overrides: GatewayOverrides = {}): Gateway {
  const logger = overrides.logger ?? createLogger('gateway');
  const routes = RouteTable.fromProtos(overrides.protos ?? loadProtoSource(), config.serviceUrls);
  const metrics = new GatewayMetrics();
  const redis = createRedisConnection(config.redis, { connectionName: 'gateway', logger });
  const bus =
    overrides.messageBus ??
    new JetStreamMessageBus({
      url: config.natsUrl,
      streamName: config.streamName,
      subjectPrefix: config.subjectPrefix,
      streamReplicas: config.streamReplicas,
      logger,
      metrics: metrics.registry,
    });
  const denylist = new SessionDenylist(redis, config.redisKeyPrefix);
  const mirror = config.denylistMirror.enabled
    ? new RevocationMirror(createRedisSubscriber(config.redis, { connectionName: 'gateway-denylist-mirror', logger }), redis, config.redisKeyPrefix, logger, {
        maxEntries: config.denylistMirror.maxEntries,
      })
    : undefined;
  denylist.useMirror(mirror);
  const grpc = new GrpcClients(config.rpcTimeoutMs);
  const lockout = new LoginLockout(redis, {
    prefix: config.redisKeyPrefix,
    maxFailedAttempts: config.loginMaxFailedAttempts,
    lockoutSeconds: config.loginLockoutSeconds,
    reservationMs: config.rpcTimeoutMs + 5_000,
    now: overrides.now,
  });
  const signer = new TokenSigner({ issuer: config.jwtIssuer, userKeys: config.jwtKeys });
  const app = createHttpApp({
    routes,
    authenticator: new RequestAuthenticator(signer, denylist),
    grpc,
    loginGuard: new LoginGuard(lockout, bus, metrics, config.loginMaxFailedAttempts),
    limits:
      config.limits &&
      new AbuseLimits(redis, config.redisKeyPrefix, config.limits, { refused: (limit, scope) => metrics.limitRefusals.inc({ limit, scope }) }, logger),
    bodyLimitBytes: config.bodyLimitBytes,
    logger,
    metrics,
    trustProxy: config.trustProxy,
    browser: config.browser,
    docs: apiDocs(routes, API_INFO),
    legacyV1: config.legacyV1 && { ...config.legacyV1, signer, denylist },
  });

  // Readiness follows both dependencies: logins publish to NATS (lockouts, audit) and the revocation
  // consumers read from it. Liveness (`/healthz`) follows neither.
  const health = new HealthMonitor(
    [
      { name: 'redis', check: async () => (await redis.ping()) === 'PONG' },
      { name: 'nats', check: async () => bus.healthy() },
      // A revocation that cannot be applied (Redis refusing writes…) is retried without limit; meanwhile not ready.
      { name: 'event-consumers', check: async () => !consumers.some((c) => c.stalled()) },
    ],
    { logger },
  );

  let publicServer: Server | undefined;
  let admin: AdminServer | undefined;
  let consumers: RunningSubscription[] = [];

  const listen = (target: Express, port: number) =>
    new Promise<Server>((resolve, reject) => {
      const server = target.listen(port, config.host);
      server.once('listening', () => resolve(server));
      server.once('error', reject);
    });

  /** Stops accepting, lets requests in flight finish, closes keep-alive connections as they go idle. */
  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      const force = setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs);
      force.unref();
      server.close(() => {
        clearInterval(idle);
        clearTimeout(force);
        resolve();
      });
      server.closeIdleConnections();
    });

  return {
    app,
    health,
    routes,
    metrics,
    denylist,
    async start() {
      if (redis.status === 'wait') await redis.connect();
      await mirror?.start();
      await bus.connect();
      consumers = [await startSessionRevokedConsumer(bus, denylist, logger), await startPasswordChangedConsumer(bus, lockout, logger)];
      publicServer = await listen(app, config.port);
      admin = await startAdminServer({ port: config.adminPort, host: config.host, monitor: health, registry: metrics.registry });
      health.markStarted();
      const port = (publicServer.address() as AddressInfo).port;
      logger.info({ port, adminPort: admin.port, routes: routes.routes.length }, 'gateway listening');
      return { port, adminPort: admin.port };
    },
    async stop() {
      if (health.isDraining()) return;
      health.drain(); // readiness answers 503 from now on
      // Every answer from now on ends its keep-alive connection, so clients reconnect through the
      // Service (to a ready pod) during the drain delay instead of racing the close of an idle socket.
      publicServer?.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => res.setHeader('Connection', 'close'));
      // Keep serving while load balancers notice (the chart's preStop pause came before SIGTERM).
      if (config.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
      if (publicServer) await close(publicServer);
      await admin?.close(config.shutdownTimeoutMs);
      await Promise.all(consumers.map((c) => c.stop()));
      await bus.close();
      await mirror?.stop();
      grpc.close();
      await redis.quit().catch(() => redis.disconnect());
      logger.info('gateway stopped');
    },
  };
}
