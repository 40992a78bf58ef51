import { commonEnv, grpcUrl, readEnv, registeredPort, registeredSchema } from '@platform/config';

const schema = {
  ...commonEnv,
  DOCUMENTS_GRPC_PORT: registeredPort('documents', 'grpc'),
  DOCUMENTS_ADMIN_PORT: registeredPort('documents', 'admin'),
  DOCUMENTS_DB_SCHEMA: registeredSchema('documents'),
  ORGANISATION_GRPC_URL: grpcUrl('organisation'),
};

export type DocumentsConfig = ReturnType<typeof loadConfig>;

/** The documents service's configuration from the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  return readEnv(schema, env);
}
