import Redis, { Cluster } from 'ioredis';
import { createRedisConnection, createRedisSubscriber, type RedisConnection } from './redis-connection';
import { redisPrimaries } from './redis-primaries';

/** Connections made lazily: nothing here reaches a server. */
describe('a Redis connection of each topology', () => {
  const made: RedisConnection[] = [];
  const make = <C extends RedisConnection>(connection: C): C => (made.push(connection), connection);
  afterEach(() => made.splice(0).forEach((c) => c.disconnect()));

  it('fails fast on one server: one retry, 2 s timeouts, not connected before it is used', () => {
    const redis = make(createRedisConnection({ mode: 'url', url: 'redis://cache:6380' })) as Redis;
    expect(redis).toBeInstanceOf(Redis);
    expect(redis.status).toBe('wait');
    expect(redis.options).toMatchObject({ host: 'cache', port: 6380, maxRetriesPerRequest: 1, commandTimeout: 2000, connectTimeout: 2000 });
    expect(redis.options.retryStrategy?.(3)).toBe(300);
    expect(redis.options.retryStrategy?.(100)).toBe(2000);
  });

  it('asks the sentinels for the master, follows failovers and reconnects when a demoted master refuses writes', () => {
    const redis = make(
      createRedisConnection({ mode: 'sentinel', sentinels: [{ host: 's1', port: 26379 }], masterName: 'platform', password: 'p', sentinelPassword: 's' }),
    ) as Redis;
    expect(redis.options).toMatchObject({
      sentinels: [{ host: 's1', port: 26379 }],
      name: 'platform',
      password: 'p',
      sentinelPassword: 's',
      failoverDetector: true,
      maxRetriesPerRequest: 1,
      commandTimeout: 2000,
    });
    const reconnectOn = redis.options.reconnectOnError as (err: Error) => boolean;
    expect(reconnectOn(new Error("READONLY You can't write against a read only replica."))).toBe(true);
    expect(reconnectOn(new Error('WRONGTYPE Operation against a key holding the wrong kind of value'))).toBe(false);
  });

  it('is a Cluster that refuses commands while it is not ready, its nodes failing fast', () => {
    const cluster = make(createRedisConnection({ mode: 'cluster', nodes: [{ host: 'r0', port: 6379 }], password: 'p' })) as Cluster;
    expect(cluster).toBeInstanceOf(Cluster);
    expect(cluster.status).toBe('wait');
    expect(cluster.options).toMatchObject({ enableOfflineQueue: false, redisOptions: { password: 'p', maxRetriesPerRequest: 1, commandTimeout: 2000 } });
  });

  it('subscribes on one Cluster node, a plain connection that reports its own reconnections', () => {
    const nodes = [
      { host: 'r0', port: 6379 },
      { host: 'r1', port: 6379 },
    ];
    const subscriber = make(createRedisSubscriber({ mode: 'cluster', nodes, password: 'p' }));
    expect(subscriber).toBeInstanceOf(Redis);
    expect(nodes).toContainEqual({ host: subscriber.options.host, port: subscriber.options.port });
    expect(subscriber.options.password).toBe('p');
  });

  it('scans a single server through itself', () => {
    const redis = make(createRedisConnection({ mode: 'url', url: 'redis://cache:6379' }));
    expect(redisPrimaries(redis)).toEqual([redis]);
  });
});
