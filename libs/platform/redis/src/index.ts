export { createRedisConnection, createRedisSubscriber, type RedisConnection, type RedisConnectionOptions } from './redis-connection';
export { redisPrimaries } from './redis-primaries';
export { describeRedisTopology, redisTopologyFromEnv, redisTopologyOf, type RedisSettings, type RedisTopology } from './redis-topology';
