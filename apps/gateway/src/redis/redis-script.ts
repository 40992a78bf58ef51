import { createHash } from 'node:crypto';
import type Redis from 'ioredis';

/**
 * A Lua script run atomically by Redis: EVALSHA, falling back to EVAL the first time a server has
 * not seen it (NOSCRIPT), so each script crosses the network once per server.
 */
export class RedisScript {
  private readonly sha: string;

  constructor(private readonly lua: string) {
    this.sha = createHash('sha1').update(lua).digest('hex');
  }

  async run(redis: Redis, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.includes('NOSCRIPT')) throw err;
      return redis.eval(this.lua, keys.length, ...keys, ...args);
    }
  }
}
