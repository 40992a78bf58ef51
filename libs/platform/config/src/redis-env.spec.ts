import { commonEnv, readEnv } from './env';
import { redisEnv } from './redis-env';

describe('the Redis variables', () => {
  const read = (env: NodeJS.ProcessEnv) => readEnv(redisEnv, env);

  it('default to the local server by REDIS_URL', () => {
    expect(read({})).toEqual({ REDIS_URL: 'redis://127.0.0.1:6379' });
  });

  it('read Sentinel: the sentinels as host:port (IPv6 in brackets), the master name and both passwords', () => {
    expect(
      read({
        REDIS_SENTINELS: 'sentinel-0.cache:26379, 10.0.0.7:26379,[fd00::5]:26380',
        REDIS_SENTINEL_MASTER: 'platform',
        REDIS_PASSWORD: 'p',
        REDIS_SENTINEL_PASSWORD: 's',
      }),
    ).toMatchObject({
      REDIS_SENTINELS: [
        { host: 'sentinel-0.cache', port: 26379 },
        { host: '10.0.0.7', port: 26379 },
        { host: 'fd00::5', port: 26380 },
      ],
      REDIS_SENTINEL_MASTER: 'platform',
      REDIS_PASSWORD: 'p',
      REDIS_SENTINEL_PASSWORD: 's',
    });
  });

  it('read a Cluster by some of its nodes', () => {
    expect(read({ REDIS_CLUSTER_NODES: 'redis-0:6379,redis-1:6379' }).REDIS_CLUSTER_NODES).toEqual([
      { host: 'redis-0', port: 6379 },
      { host: 'redis-1', port: 6379 },
    ]);
  });

  it('take an empty variable for an unset one', () => {
    expect(read({ REDIS_URL: 'redis://cache:6379', REDIS_SENTINELS: '', REDIS_SENTINEL_MASTER: '', REDIS_PASSWORD: '' })).toMatchObject({
      REDIS_URL: 'redis://cache:6379',
      REDIS_SENTINELS: [],
    });
  });

  it('refuse a node that is not host:port', () => {
    expect(() => read({ REDIS_CLUSTER_NODES: 'redis-0:6379,redis-1' })).toThrow("REDIS_CLUSTER_NODES: 'redis-1' is not host:port");
    expect(() => read({ REDIS_SENTINELS: 'a:99999', REDIS_SENTINEL_MASTER: 'm' })).toThrow("'a:99999' is not host:port");
  });

  it.each([
    [{ REDIS_SENTINELS: 'a:26379', REDIS_SENTINEL_MASTER: 'm', REDIS_CLUSTER_NODES: 'b:6379' }, 'REDIS_SENTINELS and REDIS_CLUSTER_NODES are both set'],
    [{ REDIS_URL: 'redis://cache:6379', REDIS_CLUSTER_NODES: 'b:6379' }, 'REDIS_URL is set beside REDIS_CLUSTER_NODES'],
    [{ REDIS_URL: 'redis://cache:6379', REDIS_SENTINELS: 'a:26379', REDIS_SENTINEL_MASTER: 'm' }, 'REDIS_URL is set beside REDIS_SENTINELS'],
    [{ REDIS_SENTINELS: 'a:26379' }, 'REDIS_SENTINELS needs REDIS_SENTINEL_MASTER'],
    [{ REDIS_SENTINEL_MASTER: 'm' }, 'REDIS_SENTINEL_MASTER is set without REDIS_SENTINELS'],
    [{ REDIS_CLUSTER_NODES: 'b:6379', REDIS_SENTINEL_PASSWORD: 's' }, 'REDIS_SENTINEL_PASSWORD is set without REDIS_SENTINELS'],
    [{ REDIS_PASSWORD: 'p' }, 'REDIS_PASSWORD is for Sentinel and Cluster only: with REDIS_URL, the password goes in the URL'],
  ])('refuse contradictory settings at start, saying which: %j', (env, message) => {
    expect(() => read(env)).toThrow(`invalid configuration: ${message}`);
  });

  it('list the contradictions with every other bad variable', () => {
    const shape = { NODE_ENV: commonEnv.NODE_ENV, ...redisEnv };
    expect(() => readEnv(shape, { NODE_ENV: 'staging', REDIS_SENTINELS: 'a:1' })).toThrow(/NODE_ENV: .*; REDIS_SENTINELS needs REDIS_SENTINEL_MASTER/);
  });

  it('are not checked for a process that does not read them', () => {
    expect(readEnv({ NODE_ENV: commonEnv.NODE_ENV }, { REDIS_SENTINEL_MASTER: 'm' })).toEqual({ NODE_ENV: 'development' });
  });
});
