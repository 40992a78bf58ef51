import { type MemberRequest, callAsMember, type LegacyAnswer } from '../legacy-context';
import { LegacyError } from '../legacy-error';
import { idParam, isUuid, legacyList, legacyPaging, platformPage, type PlatformPage, trimmedParam } from '../legacy-params';
import { absoluteUrl, legacyDate, slugOf } from '../legacy-values';

export interface PlatformDocument {
  id: string;
  name?: string;
  fileUrl?: string;
  fileSize?: number;
  mimeType?: string;
  folderId?: string | null;
  createdAt?: string;
  updatedAt?: string;
}

export interface PlatformFolder {
  id: string;
  name: string;
  parentFolderId?: string | null;
}

const notFound = () => new LegacyError('POST_NOT_FOUND', 'Invalid post ID.');

/** A folder's names from the top down, as the old site gave a term's path; a loop in the data stops it. */
function pathOf(folder: PlatformFolder, byId: Map<string, PlatformFolder>): string[] {
  const names = [folder.name];
  const seen = new Set([folder.id]);
  let parent = folder.parentFolderId ?? undefined;
  while (parent && !seen.has(parent)) {
    const up = byId.get(parent);
    if (!up) break;
    names.unshift(up.name);
    seen.add(up.id);
    parent = up.parentFolderId ?? undefined;
  }
  return names;
}

const extensionOf = (name: string): string | null => {
  const match = /\.([a-z0-9]{1,10})$/i.exec(name.split('?')[0] ?? '');
  return match?.[1] ? match[1].toLowerCase() : null;
};

/**
 * A document in the old app's shape. Every platform document is of type `document` (the old site's
 * policy and recall types were imported as folders); file URLs are the platform's short-lived signed
 * downloads, made absolute on the host the app called.
 */
export function legacyDocument(doc: PlatformDocument, folders: Map<string, PlatformFolder>, origin: string): Record<string, unknown> {
  const folder = doc.folderId ? folders.get(doc.folderId) : undefined;
  const name = doc.name ?? '';
  return {
    id: doc.id,
    type: 'document',
    status: 'publish',
    title: name,
    slug: null,
    date: legacyDate(doc.createdAt),
    modified: legacyDate(doc.updatedAt || doc.createdAt),
    link: null,
    featured_image: null,
    description: '',
    file_url: doc.fileUrl ? absoluteUrl(doc.fileUrl, origin) : null,
    file_type: extensionOf(name),
    mime_type: doc.mimeType || null,
    folder: folder ? { id: folder.id, name: folder.name, path: pathOf(folder, folders) } : null,
  };
}

/** The folder list the old app showed beside the documents. */
export function legacyFolder(folder: PlatformFolder): Record<string, unknown> {
  return { id: folder.id, name: folder.name, slug: slugOf(folder.name), parent: folder.parentFolderId ?? 0, taxonomy: 'document_folder' };
}

/** GET|POST /api/v1/documents: the list (search, folder, page, per_page) with the folders, or one document (id). */
export async function documents(ctx: MemberRequest): Promise<LegacyAnswer> {
  const base = `/api/orgs/${ctx.org.id}/documents`;
  const origin = `${ctx.req.protocol}://${ctx.req.get('host') ?? ''}`;
  const folderList = await callAsMember<PlatformFolder[]>(ctx, { method: 'GET', path: `/api/orgs/${ctx.org.id}/document-folders` });
  const folders = new Map(folderList.map((f) => [f.id, f]));
  const id = idParam(ctx.params, notFound());
  if (id) {
    const doc = await callAsMember<PlatformDocument>(ctx, { method: 'GET', path: `${base}/${id}`, errors: { 404: 'POST_NOT_FOUND', 400: 'POST_NOT_FOUND' } });
    return { body: legacyDocument(doc, folders, origin), successor: `${base}/${id}` };
  }
  const folder = trimmedParam(ctx.params, 'folder');
  if (folder !== undefined && !isUuid(folder)) throw LegacyError.invalidParam('folder', 'folder is not a folder id of the platform.');
  const paging = legacyPaging(ctx.params);
  const page = await callAsMember<PlatformPage<PlatformDocument>>(ctx, {
    method: 'GET',
    path: base,
    query: { search: trimmedParam(ctx.params, 'search'), folderId: folder, ...platformPage(paging) },
  });
  return {
    body: { ...legacyList(page, paging, (doc) => legacyDocument(doc, folders, origin)), folders: folderList.map(legacyFolder) },
    successor: base,
  };
}
