import { Client } from 'pg';
import type { Logger } from '@platform/telemetry';
import { backoffDelay } from '../backoff';
import { quoteIdent } from '../sql/identifiers';

export interface PgListenerOptions {
  connectionString: string;
  /** Shown in pg_stat_activity. */
  applicationName: string;
  channel: string;
  logger: Logger;
  /** Called on each notification on the channel. */
  onNotify: () => void;
  /** Called after each (re)connection: notifications may have been missed meanwhile. */
  onListening: () => void;
}

export interface PgListener {
  close(): Promise<void>;
}

const RECONNECT = { baseMs: 500, maxMs: 10_000 };

/** A dedicated connection that LISTENs on a channel and reconnects, with backoff, whenever it is lost. */
export function listenForNotifications(options: PgListenerOptions): PgListener {
  const { connectionString, applicationName, channel, logger, onNotify, onListening } = options;
  let current: Client | undefined;
  let closed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    failures++;
    retryTimer = setTimeout(
      () => {
        retryTimer = undefined;
        void open();
      },
      backoffDelay(failures, RECONNECT),
    );
  };

  const lost = (client: Client, err?: Error) => {
    if (current !== client) return;
    current = undefined;
    if (!closed) logger.warn({ err, channel }, 'outbox listener lost its database connection; reconnecting');
    client.end().catch(() => undefined);
    scheduleReconnect();
  };

  const open = async () => {
    if (closed) return;
    const client = new Client({ connectionString, keepAlive: true, application_name: applicationName });
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client));
    client.on('notification', (n) => {
      if (n.channel === channel) onNotify();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (err) {
      client.end().catch(() => undefined);
      if (failures === 0 || failures % 10 === 0) logger.warn({ err, channel }, 'outbox listener cannot connect; retrying');
      scheduleReconnect();
      return;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    if (failures > 0) logger.info({ channel }, 'outbox listener reconnected');
    failures = 0;
    onListening();
  };

  void open();

  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
