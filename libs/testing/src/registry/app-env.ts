import { appEntry, calleesOf, grpcUrlEnv, type AppEntry, type PortEntry } from '@platform/registry';
import { TEST_JWT_SECRET, TEST_SECRETS_KEY, TEST_SERVICE_JWT_SECRET } from '../auth/test-tokens';
import type { TestSchema } from '../db/test-schema';
import type { TestMessaging } from '../messaging';

/** A port kind of the registry (`grpc`, `admin`, `http`, `smtp`). */
export type PortKind = keyof AppEntry['ports'];

/** Where a called service nobody stands in for points: a closed port, so its calls fail UNAVAILABLE at once. */
export const UNREACHABLE_GRPC_URL = '127.0.0.1:1';

export interface AppEnvParts {
  /** Its ports by kind; a kind not given is 0 (any free port, which the started app reports). */
  ports?: Partial<Record<PortKind, number>>;
  /** Its schema: required for an app the registry gives one. */
  schema?: TestSchema;
  /** The suite's stream and subjects. */
  messaging?: Pick<TestMessaging, 'env'>;
  /** Where each service it calls listens, by registered name; a service not given is unreachable. */
  callees?: Record<string, string>;
}

/**
 * The environment a registered app runs with in a test, built from its registry entry: every port
 * variable, its schema variable and DATABASE_URL, `<SVC>_GRPC_URL` of every service it calls, the
 * suite's stream and subjects, and the test secrets (the service-token one for services only).
 */
export function appTestEnv(app: string | AppEntry, parts: AppEnvParts = {}): NodeJS.ProcessEnv {
  const entry = typeof app === 'string' ? appEntry(app) : app;
  const callees = calleesOf(entry);
  const strangers = Object.keys(parts.callees ?? {}).filter((name) => !callees.includes(name));
  if (strangers.length > 0) throw new Error(`${entry.name} calls no ${strangers.join(', ')} (service registry: calls ${JSON.stringify(callees)})`);
  const env: NodeJS.ProcessEnv = { NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, SECRETS_KEY: TEST_SECRETS_KEY, ...parts.messaging?.env };
  // Only the services hold the service-token key; the gateway verifies user tokens alone.
  if (entry.kind === 'service') env['SERVICE_JWT_SECRET'] = TEST_SERVICE_JWT_SECRET;
  for (const [kind, port] of Object.entries(entry.ports) as [PortKind, PortEntry][]) env[port.env] = String(parts.ports?.[kind] ?? 0);
  if (entry.schema) {
    if (!parts.schema) throw new Error(`${entry.name} needs a schema (${entry.schema.env})`);
    env['DATABASE_URL'] = parts.schema.connectionString;
    env[entry.schema.env] = parts.schema.schema;
  }
  for (const callee of callees) env[grpcUrlEnv(callee)] = parts.callees?.[callee] ?? UNREACHABLE_GRPC_URL;
  return env;
}
