import { Cluster } from 'ioredis';
import type Redis from 'ioredis';
import type { RedisConnection } from './redis-connection';

/**
 * The connections that together hold every key: the connection itself, or on a Cluster one per
 * master. Commands without keys (SCAN, KEYS, DBSIZE) reach one node only on a Cluster: run them on
 * each of these. A key read back on the node a SCAN found it on is read without a redirection.
 */
export function redisPrimaries(connection: RedisConnection): Redis[] {
  return connection instanceof Cluster ? connection.nodes('master') : [connection];
}
