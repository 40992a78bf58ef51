import { appEntry } from '@platform/registry';
import { commonServiceSpec, type CommonServiceConfig, type PlatformDb, type PlatformServiceSpec } from './platform-service';

/**
 * A service's PlatformServiceSpec from its service-registry entry: its name, and its schema and
 * ports read from its configuration under the variables the registry names
 * (`ORGANISATION_DB_SCHEMA`, `ORGANISATION_GRPC_PORT`, `ORGANISATION_ADMIN_PORT`).
 */
export function registeredServiceSpec<Db extends PlatformDb>(
  name: string,
  config: CommonServiceConfig & Record<string, unknown>,
  env: NodeJS.ProcessEnv,
  parts: { migrationsDir: string; createDb: (databaseUrl: string, schema: string) => Db; outboxRelay?: boolean },
): PlatformServiceSpec<Db> {
  const entry = appEntry(name);
  const { grpc, admin } = entry.ports;
  if (!entry.schema || !grpc || !admin)
    throw new Error(`'${name}' is not a gRPC service in the service registry (it needs a schema, a grpc and an admin port)`);
  return {
    ...commonServiceSpec(config, env),
    name,
    schema: String(config[entry.schema.env]),
    grpcPort: Number(config[grpc.env]),
    adminPort: Number(config[admin.env]),
    ...parts,
  };
}
