import { createHash } from 'node:crypto';
import type { RedisConnection } from '@platform/redis';

/**
 * A Lua script run atomically by Redis: EVALSHA, falling back to EVAL the first time a server has
 * not seen it (NOSCRIPT), so each script crosses the network once per server. On a Cluster the
 * script runs on the node of its keys, which must share one hash slot (a `{…}` tag in the key).
 */
export class RedisScript {
  private readonly sha: string;

  constructor(private readonly lua: string) {
    this.sha = createHash('sha1').update(lua).digest('hex');
  }

  async run(redis: RedisConnection, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.includes('NOSCRIPT')) throw err;
      return redis.eval(this.lua, keys.length, ...keys, ...args);
    }
  }
}
