import Redis, { Cluster, type RedisOptions } from 'ioredis';
import type { Logger } from '@platform/telemetry';
import { describeRedisTopology, type RedisTopology } from './redis-topology';

/** A connection to Redis in any topology: a `Cluster` routes each command to the node of its keys. */
export type RedisConnection = Redis | Cluster;

export interface RedisConnectionOptions {
  /** `false`: connect at once. Default: at `connect()` or the first command. */
  lazyConnect?: boolean;
  /** Shown by CLIENT LIST. */
  connectionName?: string;
  /** Connection errors are logged here (a warning when a working connection fails, then debug). */
  logger?: Logger;
}

/**
 * Fail fast while Redis cannot be reached, rather than queueing: a command gets one retry after a
 * reconnection and waits 2 s at most for an answer, so callers answer 503 instead of hanging.
 */
const FAIL_FAST = {
  maxRetriesPerRequest: 1,
  commandTimeout: 2_000,
  connectTimeout: 2_000,
} satisfies RedisOptions;

/** Reconnection delays: 100 ms more each attempt, 2 s at most. */
const retryDelay = (times: number) => Math.min(times * 100, 2_000);

/**
 * A connection to the topology, with the platform's fail-fast settings in each:
 *  - `url`: one server;
 *  - `sentinel`: the master the sentinels name; on a failover ioredis asks them again and connects
 *    to the new master (it also hears the sentinels' `+switch-master`, and a master demoted under
 *    it, answering READONLY, makes it reconnect);
 *  - `cluster`: every master, each command sent to the node of its keys' hash slot. Commands fail
 *    at once while the cluster is not ready instead of waiting in a queue no timeout covers, so
 *    connect first (`connect()`, or `lazyConnect: false`).
 */
export function createRedisConnection(topology: RedisTopology, options: RedisConnectionOptions = {}): RedisConnection {
  const common = { lazyConnect: options.lazyConnect ?? true, connectionName: options.connectionName };
  let connection: RedisConnection;
  switch (topology.mode) {
    case 'url':
      connection = new Redis(topology.url, { ...FAIL_FAST, ...common, retryStrategy: retryDelay });
      break;
    case 'sentinel':
      connection = new Redis(sentinelOptions(topology, common));
      break;
    case 'cluster':
      connection = new Cluster(topology.nodes, {
        lazyConnect: common.lazyConnect,
        enableOfflineQueue: false,
        clusterRetryStrategy: retryDelay,
        slotsRefreshTimeout: FAIL_FAST.connectTimeout,
        redisOptions: { ...FAIL_FAST, password: topology.password, connectionName: common.connectionName },
      });
      break;
  }
  if (options.logger) logErrors(connection, topology, options.logger);
  return connection;
}

/**
 * A connection for SUBSCRIBE that hears every publication, with the same settings: the server, the
 * Sentinel master, or, on a Cluster, one node (a Cluster relays every PUBLISH to every node),
 * chosen at random among the configured nodes so that replicas spread over them. It reconnects to
 * that node; its `ready` event is the moment from which nothing published is missed.
 */
export function createRedisSubscriber(topology: RedisTopology, options: RedisConnectionOptions = {}): Redis {
  if (topology.mode !== 'cluster') return createRedisConnection(topology, options) as Redis;
  const node = topology.nodes[Math.floor(Math.random() * topology.nodes.length)];
  if (!node) throw new Error('a Redis Cluster needs at least one node');
  const subscriber = new Redis({
    ...FAIL_FAST,
    host: node.host,
    port: node.port,
    password: topology.password,
    lazyConnect: options.lazyConnect ?? true,
    connectionName: options.connectionName,
    retryStrategy: retryDelay,
  });
  if (options.logger) logErrors(subscriber, { mode: 'cluster', nodes: [node] }, options.logger);
  return subscriber;
}

function sentinelOptions(topology: Extract<RedisTopology, { mode: 'sentinel' }>, common: { lazyConnect: boolean; connectionName?: string }): RedisOptions {
  return {
    ...FAIL_FAST,
    ...common,
    sentinels: topology.sentinels,
    name: topology.masterName,
    password: topology.password,
    sentinelPassword: topology.sentinelPassword,
    sentinelCommandTimeout: FAIL_FAST.commandTimeout,
    failoverDetector: true,
    retryStrategy: retryDelay,
    reconnectOnError: (err) => err.message.startsWith('READONLY'),
  };
}

/** One warning when a working connection fails (with where it points, no password), the rest at debug. */
function logErrors(connection: RedisConnection, topology: RedisTopology, logger: Logger): void {
  const redis = describeRedisTopology(topology);
  let warned = false;
  connection.on('ready', () => (warned = false));
  connection.on('error', (err: Error) => {
    if (warned) return logger.debug({ err, redis }, 'redis connection error');
    warned = true;
    logger.warn({ err, redis }, 'redis connection error; reconnecting');
  });
}
