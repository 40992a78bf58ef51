import { PrismaPg } from '@prisma/adapter-pg';
import type { PoolConfig } from 'pg';
import { assertSchemaName } from './schema-name';

export interface PrismaOptionsInput {
  connectionString: string;
  /** The service's Postgres schema. */
  schema: string;
  /** Extra pg pool settings (max connections, timeouts). */
  pool?: Omit<PoolConfig, 'connectionString' | 'options'>;
}

/**
 * Options for a service's generated PrismaClient: `new PrismaClient(prismaOptions({ ... }))`.
 * adapter-pg ignores `?schema=` in the URL: `{ schema }` qualifies the ORM's queries and the
 * session search_path covers raw SQL.
 */
export function prismaOptions({ connectionString, schema, pool }: PrismaOptionsInput): { adapter: PrismaPg } {
  assertSchemaName(schema);
  return {
    adapter: new PrismaPg({ ...pool, connectionString, options: `-c search_path=${schema}` }, { schema }),
  };
}
