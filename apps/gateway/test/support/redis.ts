import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';

export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] ?? process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** A connection to the real Redis and a key prefix of this suite's own; cleanup deletes its keys. */
export function testRedis(label: string): { redis: Redis; prefix: string; cleanup(): Promise<void> } {
  const prefix = `test:${label}:${randomBytes(4).toString('hex')}:`;
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
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
