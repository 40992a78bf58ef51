import { PrismaPg } from '@prisma/adapter-pg';
import type { PoolConfig } from 'pg';
import { assertSchemaName } from './schema-name';

export interface PrismaOptionsInput {
  connectionString: string;
  /** The service's Postgres schema. */
  schema: string;
  /** Extra pg pool settings (max connections, timeouts); `connectionTimeoutMillis` defaults to CONNECTION_TIMEOUT_MS. */
  pool?: Omit<PoolConfig, 'connectionString' | 'options'>;
}

/**
 * How long a query waits for a connection (a new one, or a free one of the pool) before it fails.
 * pg waits forever by default: a database that stops answering (a partition, a hung server) would
 * hold every call until the caller's deadline (the gateway's 10 s: a 504), where failing after 5 s
 * answers 503 with Retry-After (databaseOutageOf) and frees the handler.
 */
export const CONNECTION_TIMEOUT_MS = 5_000;

/**
 * Options for a service's generated PrismaClient: `new PrismaClient(prismaOptions({ ... }))`.
 * adapter-pg ignores `?schema=` in the URL: `{ schema }` qualifies the ORM's queries and the
 * session search_path covers raw SQL.
 */
export function prismaOptions({ connectionString, schema, pool }: PrismaOptionsInput): { adapter: PrismaPg } {
  assertSchemaName(schema);
  return {
    adapter: new PrismaPg({ connectionTimeoutMillis: CONNECTION_TIMEOUT_MS, ...pool, connectionString, options: `-c search_path=${schema}` }, { schema }),
  };
}
