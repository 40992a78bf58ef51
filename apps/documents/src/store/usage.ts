import type { Db } from './db';

/** Bytes an organisation holds: its live documents and assets (remote files recorded by imports hold none). */
export async function storageUsage(db: Db, organizationId: string): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ used: bigint | null }>>`
    SELECT ((SELECT COALESCE(SUM(file_size), 0) FROM documents WHERE organization_id = ${organizationId}::uuid AND deleted_at IS NULL AND storage_provider <> '')
         + (SELECT COALESCE(SUM(file_size), 0) FROM assets WHERE organization_id = ${organizationId}::uuid AND deleted_at IS NULL))::bigint AS used`;
  return Number(row?.used ?? 0);
}

/** Serialises the quota check and insert of one organisation's uploads (until the transaction ends). */
export async function lockOrganizationQuota(tx: Db, organizationId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('documents-quota'), hashtext(${organizationId}))`;
}
