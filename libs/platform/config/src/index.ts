export { readEnv, commonEnv, port } from './env';
export { redisEnv, redisEnvProblems, type RedisNodeAddress } from './redis-env';
export { grpcUrl, registeredPort, registeredSchema, schemaName } from './app-env';
export { describeEnv, type EnvVariableDoc } from './env-reference';
