import { createHash } from 'node:crypto';
import type { RedisConnection } from '@platform/redis';
import type { JoinRequestLimiter, RateVerdict } from './ports';

const WINDOW_MS = 3_600_000;

/*
 * One fixed hourly window per key, all keys counted in one atomic script: each key's counter is
 * incremented (its expiry set when it starts); when any counter is over its limit, every increment
 * of this call is taken back, so a refused submission does not use up the window.
 *   KEYS: the counters; ARGV[1] the window in ms; ARGV[2..] each key's limit.
 * Returns {1, 0} when allowed, {0, ms} when refused (ms until the longest-refusing window ends).
 */
const TAKE = `
local window = tonumber(ARGV[1])
local wait = 0
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('PEXPIRE', key, window) end
  if count > tonumber(ARGV[i + 1]) then
    local ttl = redis.call('PTTL', key)
    if ttl < 0 then ttl = window end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then
  for _, key in ipairs(KEYS) do redis.call('DECR', key) end
  return {0, wait}
end
return {1, 0}
`;

const sha = createHash('sha1').update(TAKE).digest('hex');

/**
 * The limiter on Redis; keys are hashed (Redis holds no addresses) and carry the service's prefix.
 * Every key shares the hash tag `{join-requests}`, so that the script's keys are in one slot on a
 * Redis Cluster: join requests are few, and one node holding all their counters is no burden.
 */
export function redisJoinRequestLimiter(redis: RedisConnection, prefix: string): JoinRequestLimiter & { close(): Promise<void> } {
  const keyOf = (key: string) => `${prefix}{join-requests}:${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
  const run = async (keys: string[], args: (string | number)[]): Promise<unknown> => {
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.includes('NOSCRIPT')) throw err;
      return redis.eval(TAKE, keys.length, ...keys, ...args);
    }
  };
  return {
    async take(keys): Promise<RateVerdict> {
      const [allowed, waitMs] = (await run(
        keys.map((k) => keyOf(k.key)),
        [WINDOW_MS, ...keys.map((k) => k.limit)],
      )) as [number, number];
      return allowed === 1 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
    close: async () => {
      await redis.quit().catch(() => undefined);
    },
  };
}
