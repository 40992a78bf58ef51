import type { Db } from './db';

/**
 * Creates the rows the organisation lacks, one per type (null subject and body: the default), so
 * every (organisation, type) has a stable id from the first read on. Concurrent readers are fine:
 * the unique (organisation, type) key keeps one row.
 */
export async function ensureTemplateRows(db: Db, organisationId: string, types: readonly string[]): Promise<void> {
  if (types.length === 0) return;
  await db.emailTemplate.createMany({ data: types.map((type) => ({ organisationId, type })), skipDuplicates: true });
}

export function listTemplateRows(db: Db, organisationId: string) {
  return db.emailTemplate.findMany({ where: { organisationId } });
}

export function findTemplateByType(db: Db, organisationId: string, type: string) {
  return db.emailTemplate.findUnique({ where: { organisationId_type: { organisationId, type } } });
}

export function findTemplateById(db: Db, organisationId: string, id: string) {
  return db.emailTemplate.findFirst({ where: { id, organisationId } });
}

/** Sets the template's content: both null goes back to the default. */
export function saveTemplateContent(db: Db, id: string, content: { subject: string | null; body: string | null }) {
  return db.emailTemplate.update({ where: { id }, data: content });
}
