import { isUniqueViolation } from '@platform/db';
import { PlatformError } from '@platform/errors';
import type { DocumentsDeps } from '../deps';
import { findLiveFolder, insertFolder, renameOrMoveFolder, softDeleteSubtree, subtreeIds, type FolderRow } from '../store/folders-store';

const NAME_MAX = 100;

function folderName(value: string | undefined, field = 'name'): string {
  const name = (value ?? '').trim();
  if (name === '' || name.length > NAME_MAX)
    throw PlatformError.validation([{ field, message: `must be 1 to ${NAME_MAX} characters` }], `${field} must be 1 to ${NAME_MAX} characters`);
  return name;
}

const duplicate = (): PlatformError => PlatformError.conflict('A folder with this name already exists here');

async function parentOrFail(deps: DocumentsDeps, organizationId: string, parentFolderId: string | undefined): Promise<string | null> {
  if (!parentFolderId) return null;
  if (!(await findLiveFolder(deps.db, organizationId, parentFolderId))) {
    throw PlatformError.validation(
      [{ field: 'parentFolderId', message: 'is not a folder of this organisation' }],
      'parentFolderId is not a folder of this organisation',
    );
  }
  return parentFolderId;
}

export async function createFolder(deps: DocumentsDeps, organizationId: string, input: { name?: string; parentFolderId?: string }): Promise<FolderRow> {
  const name = folderName(input.name);
  const parentFolderId = await parentOrFail(deps, organizationId, input.parentFolderId);
  try {
    return await insertFolder(deps.db, { organizationId, name, parentFolderId });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/** Renames and/or moves a folder; a folder cannot move under itself or one of its descendants (400). */
export async function updateFolder(
  deps: DocumentsDeps,
  organizationId: string,
  folderId: string,
  input: { name?: string; parentFolderId?: string },
): Promise<FolderRow> {
  const folder = await findLiveFolder(deps.db, organizationId, folderId);
  if (!folder) throw PlatformError.notFound('Folder');
  const name = input.name === undefined ? folder.name : folderName(input.name);
  let parentFolderId = folder.parentFolderId;
  if (input.parentFolderId !== undefined) {
    parentFolderId = await parentOrFail(deps, organizationId, input.parentFolderId);
    if (parentFolderId && (await subtreeIds(deps.db, organizationId, folderId)).includes(parentFolderId)) {
      throw PlatformError.validation(
        [{ field: 'parentFolderId', message: 'cannot be the folder itself or one of its subfolders' }],
        'A folder cannot move under itself',
      );
    }
  }
  try {
    return await renameOrMoveFolder(deps.db, folder.id, { name, parentFolderId });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/**
 * Deletes a folder with its whole subtree: the rows in one transaction (soft delete), the bytes later
 * by the purge job. Answers how many documents and folders went.
 */
export async function deleteFolder(deps: DocumentsDeps, organizationId: string, folderId: string): Promise<{ documents: number; folders: number }> {
  return deps.db.$transaction(async (tx) => {
    const ids = await subtreeIds(tx, organizationId, folderId);
    if (ids.length === 0) throw PlatformError.notFound('Folder');
    return softDeleteSubtree(tx, organizationId, ids, new Date(deps.now()));
  });
}
