import { isCataloguedSubject, type Subject } from '@platform/messaging';
import { appEntry, grpcUrlEnv } from '@platform/registry';
import { commonServiceSpec, type CommonServiceConfig, type PlatformDb, type PlatformServiceSpec } from './platform-service';

/** The registry's subjects, each checked against the catalogue. */
function catalogued(name: string, list: 'publishes' | 'consumes', subjects: readonly string[] = []): Subject[] {
  const unknown = subjects.filter((subject) => !isCataloguedSubject(subject));
  if (unknown.length > 0) throw new Error(`the service registry's ${list} of '${name}' names subjects outside the catalogue: ${unknown.join(', ')}`);
  return subjects as Subject[];
}

/**
 * A service's PlatformServiceSpec from its service-registry entry: its name; its schema and ports
 * read from its configuration under the variables the registry names (`ORGANISATION_DB_SCHEMA`,
 * `ORGANISATION_GRPC_PORT`, `ORGANISATION_ADMIN_PORT`); the address of each service it calls
 * (`IDENTITY_GRPC_URL`…); the subjects it publishes (its outbox relay runs only when there is one)
 * and consumes.
 */
export function registeredServiceSpec<Db extends PlatformDb>(
  name: string,
  config: CommonServiceConfig & Record<string, unknown>,
  env: NodeJS.ProcessEnv,
  parts: { migrationsDir: string; createDb: (databaseUrl: string, schema: string) => Db },
): PlatformServiceSpec<Db> {
  const entry = appEntry(name);
  const { grpc, admin } = entry.ports;
  if (!entry.schema || !grpc || !admin)
    throw new Error(`'${name}' is not a gRPC service in the service registry (it needs a schema, a grpc and an admin port)`);
  const callees = Object.fromEntries((entry.calls ?? []).map((callee) => [callee, String(config[grpcUrlEnv(callee)] ?? '')]));
  return {
    ...commonServiceSpec(config, env),
    name,
    schema: String(config[entry.schema.env]),
    grpcPort: Number(config[grpc.env]),
    adminPort: Number(config[admin.env]),
    callees,
    publishes: catalogued(name, 'publishes', entry.publishes),
    consumes: catalogued(name, 'consumes', entry.consumes),
    ...parts,
  };
}
