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
