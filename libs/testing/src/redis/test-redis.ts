import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';

/** The Redis tests use: TEST_REDIS_URL, else REDIS_URL, else the local server. */
export function testRedisUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env['TEST_REDIS_URL'] ?? env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
}

export interface TestRedis {
  redis: Redis;
  /** `test:<label>:<random>:`, unique to this suite: hand it to the app as its key prefix. */
  prefix: string;
  /** Deletes the suite's keys and closes the connection. */
  cleanup(): Promise<void>;
}

/** A connection to the real Redis and a key prefix of this suite's own. */
export function createTestRedis(label: string, url = testRedisUrl()): TestRedis {
  const prefix = `test:${label}:${randomBytes(4).toString('hex')}:`;
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  return {
    redis,
    prefix,
    async cleanup() {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await redis.quit();
    },
  };
}
