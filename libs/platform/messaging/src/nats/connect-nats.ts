import { connect } from '@nats-io/transport-node';
import type { NatsConnection, Status } from '@nats-io/nats-core';
import type { Logger } from '@platform/telemetry';

export interface ConnectNatsOptions {
  /** One URL, or a cluster's servers separated by commas (NATS_URL): the client moves between them. */
  url: string;
  /** Client name shown by the server (`nats server report connections`). */
  name: string;
  logger: Logger;
}

/** Connection state as last reported by the client, for connections made by {@link connectNats}. */
const connected = new WeakMap<NatsConnection, boolean>();

/**
 * Connects to NATS and keeps reconnecting forever, also when the server is not up yet at start.
 * Connection changes are logged.
 */
export async function connectNats({ url, name, logger }: ConnectNatsOptions): Promise<NatsConnection> {
  const nc = await connect({
    servers: url
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
    waitOnFirstConnect: true,
  });
  connected.set(nc, true);
  void watchStatus(nc, logger);
  logger.info({ server: nc.getServer() }, 'connected to NATS');
  return nc;
}

async function watchStatus(nc: NatsConnection, logger: Logger): Promise<void> {
  for await (const status of nc.status()) {
    switch (status.type) {
      case 'disconnect':
        connected.set(nc, false);
        logger.warn({ server: status.server }, 'disconnected from NATS');
        break;
      case 'reconnect':
        connected.set(nc, true);
        logger.info({ server: status.server }, 'reconnected to NATS');
        break;
      case 'error':
        logger.warn({ err: status.error }, 'NATS error');
        break;
      case 'close':
        connected.set(nc, false);
        break;
      default:
        logStatus(logger, status);
    }
  }
}

function logStatus(logger: Logger, status: Status): void {
  if (status.type === 'ping' || status.type === 'reconnecting') return;
  logger.debug({ status: status.type }, 'NATS status');
}

/** For health checks: connected now, and neither closed nor draining. */
export function isNatsHealthy(nc: NatsConnection): boolean {
  return !nc.isClosed() && !nc.isDraining() && connected.get(nc) !== false;
}
