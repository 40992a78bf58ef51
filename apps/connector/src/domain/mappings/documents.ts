import type { documentsV1 } from '@platform/proto';
import { fieldReader, type SourceRecord } from './field-mappings';
import { failed, upsert, type Mapped } from './mapped';
import { externalIdOf, gmtDate, mimeTypeOf, text } from './values';

/** The root folder of each document post type, for documents without a folder term (spec 2). */
export const ROOT_FOLDERS: Record<string, string> = { document: 'Document', policy: 'Policy', recall: 'Recall' };

export interface MappedDocument {
  document: documentsV1.ImportedDocument;
  /** The folder and its ancestors, top first: each is upserted (created when missing) before the document. */
  folders: documentsV1.ImportedFolder[];
}

/** A folder's external id: its taxonomy and the names from the top folder (stable while the tree keeps its names). */
const folderId = (taxonomy: string, path: readonly string[]) => `${taxonomy}:${path.map((n) => encodeURIComponent(n)).join('/')}`;

/** The folder chain of a document: its first folder term's path, or the root folder of its post type. */
export function folderChain(record: SourceRecord): documentsV1.ImportedFolder[] {
  const postType = text(record['post_type']);
  const terms = Array.isArray(record['folders']) ? (record['folders'] as Array<Record<string, unknown>>) : [];
  const term = terms.find((t) => t && typeof t === 'object');
  const path = term && Array.isArray(term['path']) ? (term['path'] as unknown[]).map(text).filter((n) => n !== '') : [];
  if (!term || path.length === 0) {
    const name = ROOT_FOLDERS[postType] ?? 'Document';
    return [{ externalId: `root:${postType || 'document'}`, name, parentExternalId: '' }];
  }
  const taxonomy = text(term['taxonomy']) || text(record['folder_taxonomy']) || `${postType}_folder`;
  return path.map((name, i) => ({
    externalId: folderId(taxonomy, path.slice(0, i + 1)),
    name,
    parentExternalId: i === 0 ? '' : folderId(taxonomy, path.slice(0, i)),
  }));
}

/**
 * A post of `/sync/documents` (post types document, policy, recall) → documents' ImportedDocument
 * (spec 2 Document table): the file URL from `_<type>_file`, the MIME type from its extension,
 * the folder from the taxonomy. A published document is MEMBERS_ONLY, any other status PRIVATE
 * (admin only): the platform's documents have an access level, not a status. `post_date_gmt` (the
 * spec's uploadedAt) and `post_modified_gmt` become the document's createdAt and updatedAt.
 */
export function mapDocument(record: SourceRecord, mappings: Readonly<Record<string, string>>): Mapped<MappedDocument> {
  const externalId = externalIdOf(record);
  if (!externalId) return failed('', 'the record has no id');
  const postType = text(record['post_type']);
  const fileUrl = (text(record[`_${postType}_file`]) || text(record['file_url'])).trim();
  if (!fileUrl) return failed(externalId, `no file (_${postType || 'document'}_file)`);
  const folders = folderChain(record);
  const read = fieldReader(record, 'DOCUMENTS', mappings);
  return upsert(externalId, {
    folders,
    document: {
      externalId,
      name: text(read('title', 'post_title')),
      fileUrl,
      fileName: '',
      mimeType: mimeTypeOf(fileUrl),
      fileSize: '0',
      access: text(record['post_status']) === 'publish' ? 'MEMBERS_ONLY' : 'PRIVATE',
      folderExternalId: folders[folders.length - 1]?.externalId ?? '',
      sourceCreatedAt: gmtDate(record['post_date_gmt']),
      sourceUpdatedAt: gmtDate(record['post_modified_gmt']),
    },
  });
}
