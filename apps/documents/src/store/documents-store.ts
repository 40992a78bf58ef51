import type { Db } from './db';
import type { Document, Prisma } from './generated/client';
import type { DocumentAccess } from '../domain/document-access';

export type DocumentRow = Document;

export type DocumentSortField = 'name' | 'createdAt' | 'fileSize';

export type NewDocument = Prisma.DocumentUncheckedCreateInput;

/** What an import may change of a document: its name, access and folder, its remote file, the hash, the date. */
export type ImportedDocumentChanges = Pick<
  Prisma.DocumentUncheckedUpdateInput,
  'name' | 'access' | 'folderId' | 'fileName' | 'mimeType' | 'fileSize' | 'remoteUrl' | 'importHash' | 'updatedAt'
>;

/** A remote document's file once copied here: where its bytes are, what they are, and its date. */
export type CopiedDocumentFile = Pick<DocumentRow, 'storageProvider' | 'storageTargetId' | 'objectKey' | 'sha256' | 'mimeType' | 'fileSize' | 'updatedAt'>;

export interface DocumentFilter {
  organizationId: string;
  /** undefined: every folder; null: the top level. */
  folderId?: string | null;
  access: DocumentAccess[];
  search?: string;
}

/** A live (not deleted) document of the organisation. */
export function findLiveDocument(db: Db, organizationId: string, id: string): Promise<DocumentRow | null> {
  return db.document.findFirst({ where: { id, organizationId, deletedAt: null } });
}

/** The live or deleted documents of the organisation by external id. */
export async function documentsByExternalId(db: Db, organizationId: string, externalIds: string[]): Promise<Map<string, DocumentRow>> {
  const rows = await db.document.findMany({ where: { organizationId, externalId: { in: externalIds } } });
  return new Map(rows.map((row) => [row.externalId ?? '', row]));
}

export function insertDocument(db: Db, document: NewDocument): Promise<DocumentRow> {
  return db.document.create({ data: document });
}

export async function updateImportedDocument(db: Db, id: string, changes: ImportedDocumentChanges): Promise<void> {
  await db.document.update({ where: { id }, data: changes });
}

/** The remote document's bytes are held here now. */
export async function recordCopiedFile(db: Db, id: string, file: CopiedDocumentFile): Promise<void> {
  await db.document.update({ where: { id }, data: file });
}

function whereOf(filter: DocumentFilter): Prisma.DocumentWhereInput {
  return {
    organizationId: filter.organizationId,
    deletedAt: null,
    access: { in: filter.access },
    ...(filter.folderId !== undefined ? { folderId: filter.folderId } : {}),
    ...(filter.search ? { name: { contains: filter.search, mode: 'insensitive' as const } } : {}),
  };
}

export async function listDocuments(
  db: Db,
  filter: DocumentFilter,
  page: { skip: number; take: number; sort: { field: DocumentSortField; direction: 'asc' | 'desc' } },
): Promise<{ rows: DocumentRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, total] = await Promise.all([
    db.document.findMany({ where, orderBy: [{ [page.sort.field]: page.sort.direction }, { id: 'asc' }], skip: page.skip, take: page.take }),
    db.document.count({ where }),
  ]);
  return { rows, total };
}

export async function softDeleteDocument(db: Db, organizationId: string, id: string, at: Date): Promise<boolean> {
  const { count } = await db.document.updateMany({ where: { id, organizationId, deletedAt: null }, data: { deletedAt: at } });
  return count === 1;
}

/** Deleted documents past the grace period whose bytes are still stored. */
export function documentsToPurge(db: Db, deletedBefore: Date, limit: number): Promise<DocumentRow[]> {
  return db.document.findMany({
    where: { deletedAt: { lt: deletedBefore }, purgedAt: null, storageProvider: { not: '' } },
    orderBy: { deletedAt: 'asc' },
    take: limit,
  });
}

export async function markPurged(db: Db, id: string, at: Date): Promise<void> {
  await db.document.update({ where: { id }, data: { purgedAt: at } });
}
