import { Pool, types as pgTypes, type CustomTypesConfig, type PoolClient } from 'pg';
import { assertSchemaName } from '@platform/db';

const INT8 = 20;
const TIMESTAMP = 1114;

/**
 * Type parsing for this pool only: ids (BIGINT) as numbers, which they fit, and TIMESTAMP columns
 * (the CMS's GMT dates) read as UTC whatever the process time zone.
 */
const typeParsers: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8) return (value: string) => Number(value);
    if (oid === TIMESTAMP) return (value: string) => new Date(`${value.replace(' ', 'T')}Z`);
    return pgTypes.getTypeParser(oid, format);
  }) as CustomTypesConfig['getTypeParser'],
};

/** A pool whose connections use the site's schema. */
export function createPool(connectionString: string, schema: string, max = 10): Pool {
  return new Pool({
    connectionString,
    max,
    options: `-c search_path=${assertSchemaName(schema)}`,
    types: typeParsers,
  });
}

/**
 * Runs `work` in a transaction on one connection: committed when it resolves, rolled back when it
 * throws. `begin` opens the transaction (simple-protocol text, so it may be `BEGIN; SELECT …` to take
 * a lock in the same round trip).
 */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export type Queryable = Pick<Pool, 'query'> | PoolClient;
