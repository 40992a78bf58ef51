export { readEnv, commonEnv, port } from './env';
export { grpcUrl, registeredPort, registeredSchema, schemaName } from './app-env';
export { describeEnv, type EnvVariableDoc } from './env-reference';
