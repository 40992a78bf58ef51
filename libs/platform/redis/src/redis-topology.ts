import { readEnv, redisEnv, type RedisNodeAddress } from '@platform/config';

/** Where Redis is: one server, a master watched by Redis Sentinel, or a Redis Cluster. */
export type RedisTopology =
  | { mode: 'url'; url: string }
  | { mode: 'sentinel'; sentinels: RedisNodeAddress[]; masterName: string; password?: string; sentinelPassword?: string }
  | { mode: 'cluster'; nodes: RedisNodeAddress[]; password?: string };

/** The Redis variables as `readEnv` hands them over (`redisEnv` of @platform/config, part of `commonEnv`). */
export interface RedisSettings {
  REDIS_URL: string;
  REDIS_SENTINELS?: RedisNodeAddress[];
  REDIS_SENTINEL_MASTER?: string;
  REDIS_SENTINEL_PASSWORD?: string;
  REDIS_CLUSTER_NODES?: RedisNodeAddress[];
  REDIS_PASSWORD?: string;
}

/**
 * The topology the settings name. `readEnv` has already refused contradictions (two shapes, a
 * Sentinel setting without the other); empty values count as unset.
 */
export function redisTopologyOf(settings: RedisSettings): RedisTopology {
  const password = settings.REDIS_PASSWORD || undefined;
  if (settings.REDIS_SENTINELS?.length) {
    if (!settings.REDIS_SENTINEL_MASTER) throw new Error('invalid configuration: REDIS_SENTINELS needs REDIS_SENTINEL_MASTER');
    return {
      mode: 'sentinel',
      sentinels: settings.REDIS_SENTINELS,
      masterName: settings.REDIS_SENTINEL_MASTER,
      password,
      sentinelPassword: settings.REDIS_SENTINEL_PASSWORD || undefined,
    };
  }
  if (settings.REDIS_CLUSTER_NODES?.length) return { mode: 'cluster', nodes: settings.REDIS_CLUSTER_NODES, password };
  return { mode: 'url', url: settings.REDIS_URL };
}

/** The topology of an environment, for a process that reads nothing else of it (the ops tool). */
export function redisTopologyFromEnv(env: NodeJS.ProcessEnv = process.env): RedisTopology {
  return redisTopologyOf(readEnv(redisEnv, env));
}

/** Where it is, without passwords, for logs: `redis://cache:6379`, `sentinel platform@a:26379,b:26379`, `cluster a:6379,b:6379`. */
export function describeRedisTopology(topology: RedisTopology): string {
  const list = (nodes: RedisNodeAddress[]) => nodes.map((n) => (n.host.includes(':') ? `[${n.host}]:${n.port}` : `${n.host}:${n.port}`)).join(',');
  switch (topology.mode) {
    case 'url': {
      const url = URL.canParse(topology.url) ? new URL(topology.url) : undefined;
      if (url?.password) url.password = '***';
      return url?.toString() ?? 'an unreadable REDIS_URL';
    }
    case 'sentinel':
      return `sentinel ${topology.masterName}@${list(topology.sentinels)}`;
    case 'cluster':
      return `cluster ${list(topology.nodes)}`;
  }
}
