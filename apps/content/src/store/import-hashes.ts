import type { Tx } from './db';
import { Prisma } from './generated/client';

/**
 * A new importHash for each of these rows of `table`, whose imported fields already are the
 * source's (both sides made the same change), in one statement. updated_at moves as it does with
 * every write of the row.
 */
export async function storeImportHashes(tx: Tx, table: 'article' | 'company', rows: Array<{ id: string; importHash: string }>, now: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx.$executeRaw`
    UPDATE ${Prisma.raw(table)} AS t SET import_hash = x."importHash", updated_at = ${now}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id uuid, "importHash" text)
     WHERE t.id = x.id AND t.id = ANY(${rows.map((row) => row.id)}::uuid[])`;
}
