/** A document folder as the API lists them (all at once, each naming its parent). */
export interface FolderNode {
  id?: string;
  name?: string;
  parentFolderId?: string | null;
}

/** The folders directly inside `parentId` (the top level for none), by name. */
export function childFolders<F extends FolderNode>(folders: readonly F[], parentId: string | undefined): F[] {
  return folders.filter((f) => (f.parentFolderId ?? undefined) === parentId).sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
}

/** The way from the top down to `folderId` (itself last); empty for the top or an unknown folder. Safe against loops. */
export function folderTrail<F extends FolderNode>(folders: readonly F[], folderId: string | undefined): F[] {
  const byId = new Map(folders.filter((f) => f.id).map((f) => [f.id as string, f]));
  const trail: F[] = [];
  const seen = new Set<string>();
  for (let id = folderId; id && !seen.has(id);) {
    seen.add(id);
    const folder = byId.get(id);
    if (!folder) return trail.length ? trail.reverse() : [];
    trail.push(folder);
    id = folder.parentFolderId ?? undefined;
  }
  return trail.reverse();
}
