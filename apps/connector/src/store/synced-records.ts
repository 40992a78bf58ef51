import type { Db } from './db';

export interface Link {
  externalId: string;
  platformId: string;
  /** The fingerprint of what the platform took (null: send the record again next time). */
  sourceHash: string | null;
  /** The source record whose fields the platform record takes, when it is another one (the same person). */
  sameAs?: string | null;
}

/** What the connector knows of a source record: the platform record it became and the fingerprint the platform took. */
export interface KnownRecord {
  platformId: string;
  sourceHash: string | null;
  sameAs: string | null;
}

/** Records (or refreshes) the external-id map of a batch of one entity type in one statement. */
export async function upsertLinks(db: Db, of: { connectorId: string; jobId: string; entityType: string }, links: readonly Link[]): Promise<void> {
  if (links.length === 0) return;
  // One row per record: a statement may not update a row twice (the last link of a record wins).
  const rows = [...new Map(links.map((l) => [l.externalId, { ...l, sameAs: l.sameAs ?? null }])).values()];
  await db.$executeRaw`
    INSERT INTO synced_record (connector_id, entity_type, external_id, platform_id, source_hash, same_as, last_job_id, updated_at)
    SELECT ${of.connectorId}::uuid, ${of.entityType}, x."externalId", x."platformId", x."sourceHash", x."sameAs", ${of.jobId}::uuid, now()
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x("externalId" text, "platformId" text, "sourceHash" text, "sameAs" text)
    ON CONFLICT (connector_id, entity_type, external_id)
    DO UPDATE SET platform_id = EXCLUDED.platform_id, source_hash = EXCLUDED.source_hash, same_as = EXCLUDED.same_as,
                  last_job_id = EXCLUDED.last_job_id, updated_at = EXCLUDED.updated_at`;
}

/** The links of these source records of one entity type, by external id (one query for a page). */
export async function knownRecords(db: Db, connectorId: string, entityType: string, externalIds: readonly string[]): Promise<Map<string, KnownRecord>> {
  if (externalIds.length === 0) return new Map();
  const rows = await db.$queryRaw<Array<{ external_id: string; platform_id: string; source_hash: string | null; same_as: string | null }>>`
    SELECT external_id, platform_id, source_hash, same_as FROM synced_record
     WHERE connector_id = ${connectorId}::uuid AND entity_type = ${entityType} AND external_id = ANY(${[...externalIds]}::text[])`;
  return new Map(rows.map((r) => [r.external_id, { platformId: r.platform_id, sourceHash: r.source_hash, sameAs: r.same_as }]));
}

export async function linkCounts(db: Db, connectorId: string): Promise<Record<string, number>> {
  const groups = await db.syncedRecord.groupBy({ by: ['entityType'], where: { connectorId }, _count: { _all: true } });
  return Object.fromEntries(groups.map((g) => [g.entityType, g._count._all]));
}
