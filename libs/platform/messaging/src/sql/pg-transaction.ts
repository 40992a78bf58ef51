import type { Pool, PoolClient } from 'pg';

/** `<T>(work) => Promise<T>`: runs work in one transaction, commits if it resolves, rolls back if it throws. */
export type WithTransaction<Tx> = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * Runs work in a transaction on a pooled client. A connection lost meanwhile fails the work's next
 * query instead of surfacing as an unhandled 'error' event (which would end the process), and the
 * broken client is discarded rather than returned to the pool.
 */
export async function inPgTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (err: Error) => {
    broken = err;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch((rollbackErr: Error) => {
      broken ??= rollbackErr;
    });
    throw err;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}

/** A {@link WithTransaction} over a `pg` pool, for code that uses `pg` rather than Prisma. */
export function withPgTransaction(pool: Pool): WithTransaction<PoolClient> {
  return (work) => inPgTransaction(pool, work);
}
