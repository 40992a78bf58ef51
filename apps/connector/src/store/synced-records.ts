import { Prisma } from './generated/client';
import type { Db } from './db';

export interface Link {
  entityType: string;
  externalId: string;
  platformId: string;
}

/** Records (or refreshes) the external-id map of a batch in one statement. */
export async function upsertLinks(db: Db, connectorId: string, jobId: string, links: readonly Link[]): Promise<void> {
  if (links.length === 0) return;
  const rows = links.map((l) => Prisma.sql`(${connectorId}::uuid, ${l.entityType}, ${l.externalId}, ${l.platformId}, ${jobId}::uuid, now())`);
  await db.$executeRaw`
    INSERT INTO synced_record (connector_id, entity_type, external_id, platform_id, last_job_id, updated_at)
    VALUES ${Prisma.join(rows)}
    ON CONFLICT (connector_id, entity_type, external_id)
    DO UPDATE SET platform_id = EXCLUDED.platform_id, last_job_id = EXCLUDED.last_job_id, updated_at = EXCLUDED.updated_at`;
}

export async function linkCounts(db: Db, connectorId: string): Promise<Record<string, number>> {
  const groups = await db.syncedRecord.groupBy({ by: ['entityType'], where: { connectorId }, _count: { _all: true } });
  return Object.fromEntries(groups.map((g) => [g.entityType, g._count._all]));
}
