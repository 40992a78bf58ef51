import { describeRedisTopology, redisTopologyFromEnv, redisTopologyOf } from './redis-topology';

describe('the Redis topology of the settings', () => {
  it('is the one server of REDIS_URL by default', () => {
    expect(redisTopologyFromEnv({})).toEqual({ mode: 'url', url: 'redis://127.0.0.1:6379' });
  });

  it('is a Sentinel-watched master with REDIS_SENTINELS, with its passwords', () => {
    expect(
      redisTopologyFromEnv({ REDIS_SENTINELS: 's1:26379,s2:26379', REDIS_SENTINEL_MASTER: 'platform', REDIS_PASSWORD: 'p', REDIS_SENTINEL_PASSWORD: 's' }),
    ).toEqual({
      mode: 'sentinel',
      sentinels: [
        { host: 's1', port: 26379 },
        { host: 's2', port: 26379 },
      ],
      masterName: 'platform',
      password: 'p',
      sentinelPassword: 's',
    });
  });

  it('is a Cluster with REDIS_CLUSTER_NODES; an empty password is none', () => {
    expect(redisTopologyFromEnv({ REDIS_CLUSTER_NODES: 'r0:6379', REDIS_PASSWORD: '' })).toEqual({
      mode: 'cluster',
      nodes: [{ host: 'r0', port: 6379 }],
      password: undefined,
    });
  });

  it('refuses contradictory settings (readEnv)', () => {
    expect(() => redisTopologyFromEnv({ REDIS_SENTINELS: 's1:26379', REDIS_CLUSTER_NODES: 'r0:6379', REDIS_SENTINEL_MASTER: 'm' })).toThrow(
      'REDIS_SENTINELS and REDIS_CLUSTER_NODES are both set',
    );
    expect(() => redisTopologyOf({ REDIS_URL: 'redis://x', REDIS_SENTINELS: [{ host: 's', port: 1 }] })).toThrow('needs REDIS_SENTINEL_MASTER');
  });

  it('is described for logs without its password', () => {
    expect(describeRedisTopology({ mode: 'url', url: 'redis://:secret@cache:6379/2' })).toBe('redis://:***@cache:6379/2');
    expect(describeRedisTopology({ mode: 'sentinel', sentinels: [{ host: 'fd00::1', port: 26379 }], masterName: 'm', password: 'secret' })).toBe(
      'sentinel m@[fd00::1]:26379',
    );
    expect(describeRedisTopology({ mode: 'cluster', nodes: [{ host: 'r0', port: 6379 }], password: 'secret' })).toBe('cluster r0:6379');
  });
});
