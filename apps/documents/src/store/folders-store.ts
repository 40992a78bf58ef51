import type { Db } from './db';
import type { Folder } from './generated/client';

export type FolderRow = Folder;

export function findLiveFolder(db: Db, organizationId: string, id: string): Promise<FolderRow | null> {
  return db.folder.findFirst({ where: { id, organizationId, deletedAt: null } });
}

export function listFolders(db: Db, organizationId: string): Promise<FolderRow[]> {
  return db.folder.findMany({ where: { organizationId, deletedAt: null }, orderBy: [{ name: 'asc' }, { id: 'asc' }] });
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
