/**
 * Whatever runs SQL inside the caller's transaction. A Prisma interactive-transaction client matches
 * {@link SqlExecutor}; a `pg` Client or PoolClient matches {@link PgQueryable}. The library depends on
 * neither a generated Prisma client nor a pool of its own for these writes.
 */
export interface SqlExecutor {
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>;
}

export interface PgQueryable {
  query(text: string, values?: unknown[]): Promise<{ rowCount: number | null }>;
}

export type SqlTx = SqlExecutor | PgQueryable;

/** Runs one statement and answers the number of rows it affected (or returned, for a SELECT). */
export async function executeSql(tx: SqlTx, sql: string, params: unknown[]): Promise<number> {
  if ('$executeRawUnsafe' in tx) return tx.$executeRawUnsafe(sql, ...params);
  const result = await tx.query(sql, params);
  return result.rowCount ?? 0;
}

/** Runs one statement and answers its rows (a Prisma transaction client's `$queryRawUnsafe`, or pg's `rows`). */
export async function querySql<Row>(tx: SqlTx, sql: string, params: unknown[]): Promise<Row[]> {
  if ('$queryRawUnsafe' in tx && typeof tx.$queryRawUnsafe === 'function')
    return (await (tx.$queryRawUnsafe as (q: string, ...v: unknown[]) => PromiseLike<Row[]>)(sql, ...params)) ?? [];
  if ('query' in tx) return ((await tx.query(sql, params)) as { rows?: Row[] }).rows ?? [];
  throw new Error('this transaction client cannot answer rows: give it $queryRawUnsafe');
}
