import { randomUUID } from 'node:crypto';
import type { documentsV1 } from '@platform/proto';
import type { DocumentsDeps } from '../deps';
import { DOCUMENT_ACCESS, type DocumentAccess } from '../domain/document-access';
import { externalIdProblem, importDecision, importHash, unchanged, type UpsertResult } from '@platform/imports';
import { fileNameOfUrl, isMimeType, remoteUrlProblem } from '../domain/remote-file';
import { objectKeyOf } from '../domain/storage-path';
import { documentsByExternalId, findLiveDocument, insertDocument, recordCopiedFile, updateImportedDocument } from '../store/documents-store';
import { findLiveSiblingNamed, folderTreeContains, foldersByExternalId, insertFolder, renameOrMoveFolder, setFolderImportHash } from '../store/folders-store';
import { lockOrganizationQuota, storageUsage } from '../store/usage';
import { quotaExceeded } from './upload-document';

const TRANSACTION = { timeout: 60_000, maxWait: 10_000 };

/**
 * The connector's folders by external id, in one transaction: a parent is named by its external id
 * (of this batch, earlier in it, or of an earlier call). A folder deleted on the platform is SKIPped,
 * not re-created; a name taken by a sibling is an ERROR for that record only. A folder renamed or
 * moved on the platform since its last import is kept: SKIP while the source is unchanged, CONFLICT
 * when it changed too (importDecision over name and parent).
 */
export function upsertFolders(deps: DocumentsDeps, organizationId: string, records: documentsV1.ImportedFolder[]): Promise<UpsertResult[]> {
  return deps.db.$transaction(async (tx) => {
    const wanted = [...new Set(records.flatMap((r) => [r.externalId, r.parentExternalId]).filter((id) => id !== ''))];
    const known = await foldersByExternalId(tx, organizationId, wanted);
    const seen = new Set<string>();
    const results: UpsertResult[] = [];
    for (const record of records) {
      const name = record.name.trim();
      const fail = (error: string) => results.push({ externalId: record.externalId, action: 'ERROR', id: '', error });
      const problem =
        externalIdProblem(record.externalId, seen) ??
        (name === '' || name.length > 100 ? 'name must be 1 to 100 characters' : undefined) ??
        (record.parentExternalId === record.externalId ? 'a folder cannot be its own parent' : undefined);
      if (problem) {
        fail(problem);
        continue;
      }
      let parentFolderId: string | null = null;
      if (record.parentExternalId !== '') {
        const parent = known.get(record.parentExternalId);
        if (!parent || parent.deletedAt) {
          fail(`parent folder ${record.parentExternalId} is not imported (or was deleted)`);
          continue;
        }
        parentFolderId = parent.id;
      }
      const current = known.get(record.externalId);
      if (current?.deletedAt) {
        results.push({ externalId: record.externalId, action: 'SKIP', id: current.id, error: '' });
        continue;
      }
      const fields = { name, parentFolderId };
      if (current) {
        // A rename or move on the platform since the last import is kept: SKIP while the source is unchanged, CONFLICT when it changed too.
        const decision = importDecision(current, fields, current.importHash);
        if (decision.action !== 'UPDATE') {
          if (decision.hash !== current.importHash) await setFolderImportHash(tx, current.id, decision.hash);
          results.push({ externalId: record.externalId, action: decision.action, id: current.id, error: '' });
          continue;
        }
      }
      if (parentFolderId && current && (await folderTreeContains(tx, current.id, parentFolderId))) {
        fail('a folder cannot move under itself or one of its subfolders');
        continue;
      }
      const sibling = await findLiveSiblingNamed(tx, organizationId, parentFolderId, name, current?.id);
      if (sibling) {
        fail('a folder with this name already exists here');
        continue;
      }
      const data = { ...fields, importHash: importHash(fields) };
      if (current) {
        const row = await renameOrMoveFolder(tx, current.id, data);
        known.set(record.externalId, row);
        results.push({ externalId: record.externalId, action: 'UPDATE', id: row.id, error: '' });
      } else {
        const row = await insertFolder(tx, { ...data, organizationId, externalId: record.externalId });
        known.set(record.externalId, row);
        results.push({ externalId: record.externalId, action: 'CREATE', id: row.id, error: '' });
      }
    }
    return results;
  }, TRANSACTION);
}

/**
 * The connector's documents by external id, in one transaction. Each records its remote `fileUrl`
 * (no bytes are stored, so they count against no quota; copyImportedFiles copies them when asked). A
 * document deleted on the platform is SKIPped, not re-created. Its name, access and folder are
 * what the platform may change: an edit since the last import is kept (SKIP while the source is
 * unchanged, CONFLICT when it changed too; importDecision). The file of a remote document has no
 * platform version and follows the source; a file stored here keeps its own type and size. The
 * source's dates become its createdAt (on create) and updatedAt (on create and update; absent: now);
 * they are neither compared nor hashed, so a new modification date alone is a SKIP, and a write of
 * the hash alone keeps the updatedAt the document has.
 */
export function upsertDocuments(
  deps: DocumentsDeps,
  organizationId: string,
  importedBy: string,
  records: documentsV1.ImportedDocument[],
): Promise<UpsertResult[]> {
  return deps.db.$transaction(async (tx) => {
    const folders = await foldersByExternalId(
      tx,
      organizationId,
      [...new Set(records.map((r) => r.folderExternalId))].filter((id) => id !== ''),
    );
    const existing = await documentsByExternalId(
      tx,
      organizationId,
      records.map((r) => r.externalId),
    );
    const seen = new Set<string>();
    const results: UpsertResult[] = [];
    for (const record of records) {
      const fail = (error: string) => results.push({ externalId: record.externalId, action: 'ERROR', id: '', error });
      const fileUrl = record.fileUrl.trim();
      const name = (record.name.trim() || fileNameOfUrl(fileUrl)).slice(0, 255);
      const mimeType = record.mimeType.trim().toLowerCase() || 'application/octet-stream';
      const access = (record.access.trim().toUpperCase() || 'MEMBERS_ONLY') as DocumentAccess;
      const size = Number(record.fileSize);
      const problem =
        externalIdProblem(record.externalId, seen) ??
        remoteUrlProblem(fileUrl) ??
        (isMimeType(mimeType) ? undefined : 'mimeType must be a MIME type') ??
        (DOCUMENT_ACCESS.includes(access) ? undefined : 'access must be PUBLIC, MEMBERS_ONLY or PRIVATE') ??
        (Number.isSafeInteger(size) && size >= 0 ? undefined : 'fileSize must be a number of bytes');
      if (problem) {
        fail(problem);
        continue;
      }
      let folderId: string | null = null;
      if (record.folderExternalId !== '') {
        const folder = folders.get(record.folderExternalId);
        if (!folder || folder.deletedAt) {
          fail(`folder ${record.folderExternalId} is not imported (or was deleted)`);
          continue;
        }
        folderId = folder.id;
      }
      const meta = { name, access, folderId };
      const file = { fileName: (record.fileName.trim() || fileNameOfUrl(fileUrl)).slice(0, 255), mimeType, fileSize: BigInt(size), remoteUrl: fileUrl };
      const current = existing.get(record.externalId);
      const updated = record.sourceUpdatedAt ? { updatedAt: record.sourceUpdatedAt } : {};
      if (current?.deletedAt) {
        results.push({ externalId: record.externalId, action: 'SKIP', id: current.id, error: '' });
      } else if (!current) {
        const row = await insertDocument(tx, {
          ...meta,
          ...file,
          importHash: importHash(meta),
          id: randomUUID(),
          organizationId,
          externalId: record.externalId,
          storageProvider: '',
          objectKey: '',
          sha256: '',
          uploadedBy: importedBy,
          ...(record.sourceCreatedAt ? { createdAt: record.sourceCreatedAt } : {}),
          ...updated,
        });
        results.push({ externalId: record.externalId, action: 'CREATE', id: row.id, error: '' });
      } else {
        const decision = importDecision(current, meta, current.importHash);
        // A document whose bytes are stored here keeps them: its size and type are the stored file's own.
        const fileChanges = current.storageProvider === '' && !unchanged(current, file);
        const changes = decision.action === 'UPDATE' || fileChanges;
        const data = {
          ...(decision.action === 'UPDATE' ? meta : {}),
          ...(fileChanges ? file : {}),
          ...(decision.hash !== current.importHash ? { importHash: decision.hash } : {}),
          ...(changes ? updated : { updatedAt: current.updatedAt }),
        };
        if (changes || decision.hash !== current.importHash) await updateImportedDocument(tx, current.id, data);
        results.push({
          externalId: record.externalId,
          action: decision.action === 'SKIP' && fileChanges ? 'UPDATE' : decision.action,
          id: current.id,
          error: '',
        });
      }
    }
    return results;
  }, TRANSACTION);
}

/**
 * The connector's copy-document-files option: each document of the batch whose bytes are not stored
 * here yet is copied from its remote URL (through the outbound guard; see remote-file-copy.ts),
 * within the upload limit and the organisation's quota, then recorded as an upload is. A copy that
 * fails makes that record an ERROR naming why (the document keeps its remote URL and is copied on a
 * later sync); one copied for a record otherwise unchanged answers UPDATE.
 */
export async function copyImportedFiles(
  deps: DocumentsDeps,
  organizationId: string,
  results: UpsertResult[],
  logger: { warn(obj: object, msg: string): void },
): Promise<UpsertResult[]> {
  const out: UpsertResult[] = [];
  for (const result of results) {
    if (result.action === 'ERROR' || result.id === '') {
      out.push(result);
      continue;
    }
    const row = await findLiveDocument(deps.db, organizationId, result.id);
    if (!row || row.storageProvider !== '' || !row.remoteUrl) {
      out.push(result);
      continue;
    }
    try {
      const quota = await deps.stores.quotaBytes();
      const usage = await storageUsage(deps.db, organizationId);
      if (usage >= quota) throw quotaExceeded(usage, quota);
      const key = objectKeyOf(organizationId, row.id);
      const file = await deps.remoteFiles.copyRemoteFile({
        key,
        url: row.remoteUrl,
        fileName: row.fileName,
        maxBytes: Math.min(deps.settings.maxUploadBytes, quota - usage),
      });
      try {
        await deps.db.$transaction(async (tx) => {
          await lockOrganizationQuota(tx, organizationId);
          const used = await storageUsage(tx, organizationId);
          if (used + file.size > quota) throw quotaExceeded(used, quota, `the file has ${file.size} bytes`);
          await recordCopiedFile(tx, row.id, {
            storageProvider: file.ref.storageProvider,
            storageTargetId: file.ref.storageTargetId,
            objectKey: key,
            sha256: file.sha256,
            mimeType: file.mimeType,
            fileSize: BigInt(file.size),
            // The same document, now held here: it keeps the date of its last change (the source's).
            updatedAt: row.updatedAt,
          });
        });
      } catch (err) {
        await file.store.delete(key).catch(() => undefined);
        throw err;
      }
      out.push(result.action === 'SKIP' ? { ...result, action: 'UPDATE' } : result);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      logger.warn({ documentId: row.id, externalId: result.externalId, reason }, 'remote document file not copied');
      out.push({ externalId: result.externalId, action: 'ERROR', id: result.id, error: `file not copied: ${reason}`.slice(0, 500) });
    }
  }
  return out;
}
