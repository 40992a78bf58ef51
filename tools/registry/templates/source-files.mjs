// A new service's own layers: main.ts (wiring only), config, deps, the service map, rpc/ (maps and
// delegates), app/ (the use case), domain/ (the rule) and store/ (the database).

const consumes = (n) => n.consumes.length > 0;

const config = (
  n,
) => `${consumes(n) ? "import { z } from 'zod';\n" : ''}import { commonEnv, ${n.calls.length ? 'grpcUrl, ' : ''}readEnv, registeredPort, registeredSchema } from '@platform/config';

/** Every variable this app reads, with its type and default (docs/configuration.md is generated from it). */
export const configShape = {
  ...commonEnv,
  ${n.UPPER}_GRPC_PORT: registeredPort('${n.name}', 'grpc'),
  ${n.UPPER}_ADMIN_PORT: registeredPort('${n.name}', 'admin'),
  ${n.UPPER}_DB_SCHEMA: registeredSchema('${n.name}'),${n.calls.map((callee) => `\n  ${callee.UPPER}_GRPC_URL: grpcUrl('${callee.name}'),`).join('')}${
    consumes(n)
      ? `\n  /** How often the records of received messages older than 30 days are deleted. */\n  ${n.UPPER}_PRUNE_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),`
      : ''
  }
};

export type ${n.Pascal}Config = ReturnType<typeof loadConfig>;

/** The ${n.name} service's configuration from the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  return readEnv(configShape, env);
}
`;

const main = (n) => {
  const imports = [
    `import { migrationsDir } from '@platform/db';`,
    `import { runServiceMain, type RunningService } from '@platform/grpc-server';`,
    `import { migrateService, registeredServiceSpec, startPlatformService, type PlatformInfra, type ServiceWiring } from '@platform/grpc-server/service';`,
    `import { ${n.camel}V1 } from '@platform/proto';`,
    ...n.calls.map((c) => `import { grpc${c.Pascal} } from './clients/${c.name}';`),
    `import { loadConfig, type ${n.Pascal}Config } from './config';`,
    `import type { ${n.Pascal}Deps } from './deps';`,
    ...(consumes(n) ? [`import { pruneReceivedMessagesJob } from './jobs/prune-received-messages';`] : []),
    ...n.consumes.map((s) => `import { ${s.consumer} } from './messages/${s.kebab}-consumer';`),
    `import { ${n.camel}Service } from './service';`,
    `import { create${n.Pascal}Db, type ${n.Pascal}Db${consumes(n) ? ', type Tx' : ''} } from './store/db';`,
  ];
  const infra = ['db', 'logger', ...(n.calls.length ? ['clients'] : [])].join(', ');
  const deps = ['db', 'logger', ...n.calls.map((c) => `${c.camel}: grpc${c.Pascal}(clients.of('${c.name}'))`)].join(', ');
  const parts = [
    'its RPCs',
    ...(n.calls.length ? [`its clients of ${new Intl.ListFormat('en-GB').format(n.calls.map((c) => c.name))}`] : []),
    ...(consumes(n) ? ['its consumers and their prune job'] : []),
  ];
  return `${imports.join('\n')}

const spec = (config: ${n.Pascal}Config, env: NodeJS.ProcessEnv) =>
  registeredServiceSpec('${n.name}', config, env, { migrationsDir: migrationsDir(__dirname), createDb: create${n.Pascal}Db });

/** Applies the ${n.name} service's migrations (also \`main.js --migrate-only\`, a release's init container). */
export async function migrate${n.Pascal}(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await migrateService(spec(loadConfig(env), env));
}

/** Starts the ${n.name} service on the platform's service kit. */
export async function start${n.Pascal}(env: NodeJS.ProcessEnv = process.env): Promise<RunningService> {
${
  consumes(n)
    ? `  const config = loadConfig(env);
  return startPlatformService(spec(config, env), (infra) => wire${n.Pascal}(config, infra));`
    : `  return startPlatformService(spec(loadConfig(env), env), wire${n.Pascal});`
}
}

/** The service's own parts on the shared infrastructure: ${parts.join(', ')}. */
function wire${n.Pascal}(${consumes(n) ? `config: ${n.Pascal}Config, ` : ''}{ ${infra} }: PlatformInfra<${n.Pascal}Db>): ServiceWiring${consumes(n) ? '<Tx>' : ''} {
  const deps: ${n.Pascal}Deps = { ${deps} };
  return {
    services: [{ definition: ${n.camel}V1.${n.Pascal}ServiceService, handlers: ${n.camel}Service(deps) }],${
      consumes(n)
        ? `\n    consumers: [${n.consumes.map((s) => `${s.consumer}()`).join(', ')}],\n    jobs: [pruneReceivedMessagesJob(db, config.${n.UPPER}_PRUNE_INTERVAL_MS)],`
        : ''
    }
  };
}

if (require.main === module) {
  runServiceMain({ name: '${n.name}', migrate: migrate${n.Pascal}, start: start${n.Pascal} });
}
`;
};

const deps = (n) => `import type { Logger } from '@platform/telemetry';
${n.calls.length ? `import type { ${n.calls.map((c) => c.Pascal).join(', ')} } from './clients/ports';\n` : ''}import type { ${n.Pascal}Db } from './store/db';

/** What the handlers and use cases of the ${n.name} service are given by its wiring (main.ts). */
export interface ${n.Pascal}Deps {
  db: ${n.Pascal}Db;
  logger: Logger;${n.calls.map((c) => `\n  ${c.camel}: ${c.Pascal};`).join('')}
}
`;

const service = (n) => `import type { AsyncService } from '@platform/grpc-server';
import type { ${n.camel}V1 } from '@platform/proto';
import type { ${n.Pascal}Deps } from './deps';
import { serviceInfoHandlers } from './rpc/service-info';

/** Every RPC of platform.${n.name}.v1.${n.Pascal}Service, by the file that handles it. */
export function ${n.camel}Service(deps: ${n.Pascal}Deps): AsyncService<${n.camel}V1.${n.Pascal}ServiceServer> {
  return {
    ...serviceInfoHandlers(deps),
  };
}
`;

const rpcServiceInfo = (n) => `import type { AsyncService } from '@platform/grpc-server';
import type { ${n.camel}V1 } from '@platform/proto';
import { serviceInfo } from '../app/service-info';
import type { ${n.Pascal}Deps } from '../deps';

/** GET /api/${n.name}/service-info (any signed-in user). */
export function serviceInfoHandlers(deps: ${n.Pascal}Deps): Pick<AsyncService<${n.camel}V1.${n.Pascal}ServiceServer>, 'getServiceInfo'> {
  return {
    async getServiceInfo(${n.calls.length ? '_request, ctx' : ''}) {
      const info = await serviceInfo(deps${n.calls.length ? ', ctx' : ''});
      return { service: info.service, databaseTime: info.databaseTime, dependencies: info.dependencies, status: info.status };
    },
  };
}
`;

const appServiceInfo = (n) => {
  const asked = n.calls.map((c) => `\n      deps.${c.camel}.serving(parent).then((serving) => ({ service: '${c.name}', serving })),`).join('');
  const body = n.calls.length
    ? `  // The database and every service it calls, asked at once within the caller's deadline.
  const [time, dependencies] = await Promise.all([
    databaseTime(deps.db),
    Promise.all([${asked}
    ]),
  ]);
  return { service: '${n.name}', databaseTime: time, dependencies, status: serviceStatus(dependencies) };`
    : `  // It calls no other service (\`--calls\` of the generator adds the ports of those it does).
  const dependencies: Dependency[] = [];
  return { service: '${n.name}', databaseTime: await databaseTime(deps.db), dependencies, status: serviceStatus(dependencies) };`;
  return `${n.calls.length ? "import type { CallContext } from '@platform/grpc-server';\n" : ''}import type { ${n.Pascal}Deps } from '../deps';
import { serviceStatus, type Dependency, type ServiceStatus } from '../domain/service-status';
import { databaseTime } from '../store/database-time';

export interface ServiceInfo {
  service: string;
  databaseTime: Date;
  dependencies: Dependency[];
  status: ServiceStatus;
}

/** The service's name, its database's clock and whether each service it calls serves. */
export async function serviceInfo(deps: ${n.Pascal}Deps${n.calls.length ? ', parent?: CallContext' : ''}): Promise<ServiceInfo> {
${body}
}
`;
};

const domainServiceStatus = () => `/** A service this one calls, and whether it answered its health check. */
export interface Dependency {
  service: string;
  serving: boolean;
}

export type ServiceStatus = 'SERVING' | 'DEGRADED';

/** DEGRADED while a service it calls does not serve: it still answers what it can without that one. */
export function serviceStatus(dependencies: readonly Dependency[]): ServiceStatus {
  return dependencies.every((dependency) => dependency.serving) ? 'SERVING' : 'DEGRADED';
}
`;

const storeDb = (n) => `import { prismaOptions } from '@platform/db';
import { PrismaClient } from './generated/client';
import type { Prisma } from './generated/client';

export type ${n.Pascal}Db = PrismaClient;
export type Tx = Prisma.TransactionClient;
export type Db = ${n.Pascal}Db | Tx;

export function create${n.Pascal}Db(connectionString: string, schema: string): ${n.Pascal}Db {
  return new PrismaClient(prismaOptions({ connectionString, schema, pool: { max: 10 } }));
}
`;

const storeDatabaseTime = (n) => `import type { Db } from './db';

/** The database's clock (the starting RPC shows it, proving the service reaches its database). */
export async function databaseTime(db: Db): Promise<Date> {
  const [row] = await db.$queryRaw<Array<{ now: Date }>>\`SELECT now() AS now\`;
  if (!row) throw new Error('the ${n.name} database answered no row');
  return row.now;
}
`;

/** main.ts, config.ts, deps.ts, service.ts and one file in each of rpc/, app/, domain/ and store/ (db.ts beside it). */
export function sourceFiles(n) {
  const src = `apps/${n.name}/src`;
  return {
    [`${src}/main.ts`]: main(n),
    [`${src}/config.ts`]: config(n),
    [`${src}/deps.ts`]: deps(n),
    [`${src}/service.ts`]: service(n),
    [`${src}/rpc/service-info.ts`]: rpcServiceInfo(n),
    [`${src}/app/service-info.ts`]: appServiceInfo(n),
    [`${src}/domain/service-status.ts`]: domainServiceStatus(n),
    [`${src}/store/db.ts`]: storeDb(n),
    [`${src}/store/database-time.ts`]: storeDatabaseTime(n),
  };
}
