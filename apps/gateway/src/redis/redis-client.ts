import Redis from 'ioredis';

/**
 * The gateway's Redis connection. Commands fail fast while Redis is unreachable (one retry, a short
 * timeout) rather than queueing: the gateway answers 503 instead of hanging requests.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    commandTimeout: 2_000,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
}
