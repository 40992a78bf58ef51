import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import type { Folder } from './generated/client';

export type FolderRow = Folder;

export interface NewFolder {
  organizationId: string;
  name: string;
  parentFolderId: string | null;
  /** An imported folder's id at the source, and the importHash of what the import wrote. */
  externalId?: string;
  importHash?: string;
}

export function findLiveFolder(db: Db, organizationId: string, id: string): Promise<FolderRow | null> {
  return db.folder.findFirst({ where: { id, organizationId, deletedAt: null } });
}

export function listFolders(db: Db, organizationId: string): Promise<FolderRow[]> {
  return db.folder.findMany({ where: { organizationId, deletedAt: null }, orderBy: [{ name: 'asc' }, { id: 'asc' }] });
}

/** The live or deleted folders of the organisation by external id (a deleted one is not re-created). */
export async function foldersByExternalId(db: Db, organizationId: string, externalIds: string[]): Promise<Map<string, FolderRow>> {
  const rows = await db.folder.findMany({ where: { organizationId, externalId: { in: externalIds } } });
  return new Map(rows.map((row) => [row.externalId ?? '', row]));
}

/** A live folder under the same parent whose name is `name` but for its case, other than `exceptId`. */
export function findLiveSiblingNamed(
  db: Db,
  organizationId: string,
  parentFolderId: string | null,
  name: string,
  exceptId?: string,
): Promise<FolderRow | null> {
  return db.folder.findFirst({
    where: {
      organizationId,
      parentFolderId,
      deletedAt: null,
      name: { equals: name, mode: 'insensitive' },
      ...(exceptId !== undefined ? { id: { not: exceptId } } : {}),
    },
  });
}

/** A new folder (a live sibling of the same name is a unique violation). */
export function insertFolder(db: Db, folder: NewFolder): Promise<FolderRow> {
  return db.folder.create({ data: { id: randomUUID(), ...folder } });
}

/** Renames and/or moves the folder (an import records its importHash too). */
export function renameOrMoveFolder(db: Db, id: string, fields: { name: string; parentFolderId: string | null; importHash?: string }): Promise<FolderRow> {
  return db.folder.update({ where: { id }, data: fields });
}

export async function setFolderImportHash(db: Db, id: string, importHash: string): Promise<void> {
  await db.folder.update({ where: { id }, data: { importHash } });
}

/** Whether `candidateId` is `rootId` or under it, at any depth, counting deleted folders too. */
export async function folderTreeContains(db: Db, rootId: string, candidateId: string): Promise<boolean> {
  const rows = await db.$queryRaw<Array<{ found: boolean }>>`
    WITH RECURSIVE tree AS (
      SELECT id FROM folders WHERE id = ${rootId}::uuid
      UNION
      SELECT f.id FROM folders f JOIN tree t ON f.parent_folder_id = t.id
    )
    SELECT EXISTS (SELECT 1 FROM tree WHERE id = ${candidateId}::uuid) AS found`;
  return rows[0]?.found ?? false;
}

/** The folder and every live folder under it, at any depth. */
export async function subtreeIds(db: Db, organizationId: string, rootId: string): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ id: string }>>`
    WITH RECURSIVE tree AS (
      SELECT id FROM folders WHERE id = ${rootId}::uuid AND organization_id = ${organizationId}::uuid AND deleted_at IS NULL
      UNION
      SELECT f.id FROM folders f JOIN tree t ON f.parent_folder_id = t.id WHERE f.deleted_at IS NULL
    )
    SELECT id::text AS id FROM tree`;
  return rows.map((r) => r.id);
}

/** Soft-deletes the folders and the live documents in them; answers how many of each went. */
export async function softDeleteSubtree(tx: Db, organizationId: string, folderIds: string[], at: Date): Promise<{ documents: number; folders: number }> {
  const documents = await tx.document.updateMany({ where: { organizationId, folderId: { in: folderIds }, deletedAt: null }, data: { deletedAt: at } });
  const folders = await tx.folder.updateMany({ where: { organizationId, id: { in: folderIds }, deletedAt: null }, data: { deletedAt: at } });
  return { documents: documents.count, folders: folders.count };
}
