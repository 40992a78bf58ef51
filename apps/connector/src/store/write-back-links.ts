import type { Db, Tx } from './db';
import type { ConnectorRow } from './connectors';

/** A platform record's link to one connector's source record, with the connector and what was written back. */
export interface WriteBackLink {
  connector: ConnectorRow;
  externalId: string;
  /** {"<platformField>": "<ISO time of the change last written>"} */
  writtenBack: Record<string, unknown>;
}

/**
 * The source records a platform record came from, one per connector of its organisation, locked
 * until the transaction ends: two changes of one record (on two replicas) are written back one
 * after the other, so the written-back map decides which is newer. A record linked as the same
 * person as another (same_as) is left out: the platform takes nothing from it, so a change goes
 * only to the record its profile comes from, never to both site users.
 */
export async function lockWriteBackLinks(tx: Tx, organizationId: string, entityType: string, platformId: string): Promise<WriteBackLink[]> {
  const rows = await tx.$queryRaw<Array<{ connector_id: string; external_id: string; written_back: unknown }>>`
    SELECT s.connector_id, s.external_id, s.written_back
      FROM synced_record s JOIN connector c ON c.id = s.connector_id
     WHERE s.platform_id = ${platformId} AND s.entity_type = ${entityType} AND c.organization_id = ${organizationId}::uuid
       AND s.same_as IS NULL
     ORDER BY s.connector_id
       FOR UPDATE OF s`;
  if (rows.length === 0) return [];
  const connectors = await tx.connector.findMany({ where: { id: { in: rows.map((r) => r.connector_id) } } });
  const byId = new Map(connectors.map((c) => [c.id, c]));
  return rows.flatMap((r) => {
    const connector = byId.get(r.connector_id);
    const writtenBack = r.written_back && typeof r.written_back === 'object' ? (r.written_back as Record<string, unknown>) : {};
    return connector ? [{ connector, externalId: r.external_id, writtenBack }] : [];
  });
}

/** Records the change time of each field just written to the site. */
export async function recordWrittenBack(
  tx: Tx,
  connectorId: string,
  entityType: string,
  externalId: string,
  fields: readonly string[],
  at: string,
): Promise<void> {
  const written = JSON.stringify(Object.fromEntries(fields.map((f) => [f, at])));
  await tx.$executeRaw`
    UPDATE synced_record SET written_back = written_back || ${written}::jsonb
     WHERE connector_id = ${connectorId}::uuid AND entity_type = ${entityType} AND external_id = ${externalId}`;
}

/** A write-back the site refused for good because of the connector (its key): the connector shows ERROR with the reason. */
export async function markWriteBackError(db: Db, connectorId: string, message: string): Promise<void> {
  await db.connector.updateMany({ where: { id: connectorId, status: { in: ['ACTIVE', 'ERROR'] } }, data: { status: 'ERROR', lastError: message } });
}
