import { documentsV1 } from '@platform/proto';
import type { DocumentsDeps } from '../deps';
import type { DocumentAccess } from '../domain/document-access';
import { signedStorageUrl } from '../domain/signed-url';
import { storagePathOf } from '../domain/storage-path';
import type { DocumentRow } from '../store/documents-store';
import type { FolderRow } from '../store/folders-store';

/**
 * A document as clients see it. `fileUrl` is the plain storage URL of a PUBLIC document, a signed
 * one (valid `signedUrlTtlSeconds`) otherwise, or the remote URL an import recorded.
 */
export function documentView(deps: Pick<DocumentsDeps, 'urlKey' | 'settings' | 'now'>, row: DocumentRow): documentsV1.Document {
  let fileUrl = row.remoteUrl ?? '';
  let fileUrlExpiresAt = '';
  if (row.storageProvider !== '') {
    const path = storagePathOf(row.organizationId, row.id, row.fileName);
    if (row.access === 'PUBLIC') {
      fileUrl = `/api/storage/${path}`;
    } else {
      const signed = signedStorageUrl(deps.urlKey, path, deps.settings.signedUrlTtlSeconds, deps.now());
      fileUrl = signed.url;
      fileUrlExpiresAt = signed.expiresAt.toISOString();
    }
  }
  return {
    id: row.id,
    name: row.name,
    fileUrl,
    fileSize: String(row.fileSize),
    mimeType: row.mimeType,
    access: documentsV1.DocumentAccess[`DOCUMENT_ACCESS_${row.access as DocumentAccess}`],
    folderId: row.folderId ?? undefined,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
    fileUrlExpiresAt,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function folderView(row: FolderRow): documentsV1.Folder {
  return { id: row.id, name: row.name, parentFolderId: row.parentFolderId ?? undefined, createdAt: row.createdAt.toISOString() };
}
