import type { Db } from './db';

/** The database's clock (the starting RPC shows it, proving the service reaches its database). */
export async function databaseTime(db: Db): Promise<Date> {
  const [row] = await db.$queryRaw<Array<{ now: Date }>>`SELECT now() AS now`;
  if (!row) throw new Error('the events database answered no row');
  return row.now;
}
