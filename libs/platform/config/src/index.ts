export { readEnv, commonEnv, port } from './env';
export { grpcUrl, registeredPort, registeredSchema, schemaName } from './app-env';
