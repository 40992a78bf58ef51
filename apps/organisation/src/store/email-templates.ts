import type { Db } from './db';

/**
 * Creates the rows the organisation lacks, one per type (null subject and body: the default), so
 * every (organisation, type) has a stable id from the first read on. Concurrent readers are fine:
 * the unique (organisation, type) key keeps one row.
 */
export async function ensureTemplateRows(db: Db, organizationId: string, types: readonly string[]): Promise<void> {
  if (types.length === 0) return;
  await db.emailTemplate.createMany({ data: types.map((type) => ({ organizationId, type })), skipDuplicates: true });
}

export function listTemplateRows(db: Db, organizationId: string) {
  return db.emailTemplate.findMany({ where: { organizationId } });
}

export function findTemplateByType(db: Db, organizationId: string, type: string) {
  return db.emailTemplate.findUnique({ where: { organizationId_type: { organizationId, type } } });
}

export function findTemplateById(db: Db, organizationId: string, id: string) {
  return db.emailTemplate.findFirst({ where: { id, organizationId } });
}

/** Sets the template's content: both null goes back to the default. */
export function saveTemplateContent(db: Db, id: string, content: { subject: string | null; body: string | null }) {
  return db.emailTemplate.update({ where: { id }, data: content });
}
