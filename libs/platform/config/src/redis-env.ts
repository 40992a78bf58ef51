import { z } from 'zod';

/** One node of a Redis node list (`REDIS_SENTINELS`, `REDIS_CLUSTER_NODES`). */
export interface RedisNodeAddress {
  host: string;
  port: number;
}

/** `host:port`, the host a name, an IPv4 address or an IPv6 address in brackets (`[fd00::1]:26379`). */
const HOST_PORT = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9_.-]+)):(\d{1,5})$/;

/** A comma-separated `host:port` list; empty counts as unset. */
function nodeList() {
  return z
    .string()
    .transform((value, ctx): RedisNodeAddress[] => {
      const nodes: RedisNodeAddress[] = [];
      for (const entry of value.split(',').map((part) => part.trim())) {
        if (entry === '') continue;
        const match = HOST_PORT.exec(entry);
        const port = Number(match?.[3]);
        if (!match || port < 1 || port > 65_535) {
          ctx.addIssue({ code: 'custom', message: `'${entry}' is not host:port (a comma-separated list of host:port)` });
          return z.NEVER;
        }
        nodes.push({ host: match[1] ?? match[2] ?? '', port });
      }
      return nodes;
    })
    .optional();
}

/**
 * Where Redis is, in one of three shapes (`@platform/redis` connects accordingly):
 *  - one server: `REDIS_URL` (the default);
 *  - a master watched by Redis Sentinel: `REDIS_SENTINELS` and `REDIS_SENTINEL_MASTER`, with
 *    `REDIS_PASSWORD` for the master and replicas and `REDIS_SENTINEL_PASSWORD` for the sentinels;
 *  - a Redis Cluster: `REDIS_CLUSTER_NODES` (some or all of its nodes), with `REDIS_PASSWORD`.
 * The shapes exclude each other: {@link redisEnvProblems} names any mixture.
 */
export const redisEnv = {
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_SENTINELS: nodeList(),
  REDIS_SENTINEL_MASTER: z.string().optional(),
  REDIS_SENTINEL_PASSWORD: z.string().optional(),
  REDIS_CLUSTER_NODES: nodeList(),
  REDIS_PASSWORD: z.string().optional(),
};

/**
 * The contradictions among the Redis variables a shape reads, each said plainly: two shapes at once,
 * a Sentinel setting without the other, a password that nothing would use. A variable set to the
 * empty string counts as unset. `readEnv` refuses to start on any of them.
 */
export function redisEnvProblems(env: NodeJS.ProcessEnv, names: ReadonlySet<string>): string[] {
  if (!names.has('REDIS_SENTINELS') && !names.has('REDIS_CLUSTER_NODES')) return [];
  const set = (name: keyof typeof redisEnv) => names.has(name) && (env[name]?.trim() ?? '') !== '';
  const sentinel = set('REDIS_SENTINELS');
  const cluster = set('REDIS_CLUSTER_NODES');
  const problems: string[] = [];
  if (sentinel && cluster) {
    problems.push('REDIS_SENTINELS and REDIS_CLUSTER_NODES are both set: Redis is either a Sentinel-watched master or a Cluster, set one');
  }
  if ((sentinel || cluster) && set('REDIS_URL')) {
    const other = sentinel ? 'REDIS_SENTINELS' : 'REDIS_CLUSTER_NODES';
    problems.push(`REDIS_URL is set beside ${other}: REDIS_URL names a single server, unset it (also in the Secrets) or unset ${other}`);
  }
  if (sentinel && !set('REDIS_SENTINEL_MASTER')) problems.push('REDIS_SENTINELS needs REDIS_SENTINEL_MASTER, the name the sentinels monitor the master by');
  if (!sentinel && set('REDIS_SENTINEL_MASTER')) problems.push('REDIS_SENTINEL_MASTER is set without REDIS_SENTINELS, the sentinels to ask for it');
  if (!sentinel && set('REDIS_SENTINEL_PASSWORD')) problems.push('REDIS_SENTINEL_PASSWORD is set without REDIS_SENTINELS');
  if (!sentinel && !cluster && set('REDIS_PASSWORD')) {
    problems.push('REDIS_PASSWORD is for Sentinel and Cluster only: with REDIS_URL, the password goes in the URL (redis://:<password>@host:6379)');
  }
  return problems;
}
