import { randomUUID } from 'node:crypto';
import { PlatformError } from '@platform/errors';
import { callerOf, type StreamCallContext } from '@platform/grpc-server';
import type { documentsV1 } from '@platform/proto';
import type { DocumentsDeps } from '../deps';
import { accessFromProto } from '../domain/document-access';
import { isDocumentType } from '../domain/file-types';
import { objectKeyOf } from '../domain/storage-path';
import { insertDocument } from '../store/documents-store';
import { findLiveFolder } from '../store/folders-store';
import { lockOrganizationQuota, storageUsage } from '../store/usage';
import { documentView } from './document-view';
import { firstFields, receiveFile, tooLarge } from './receive-file';

type Request = documentsV1.UploadDocumentRequest;

/** The 413 of a full quota, with the usage. */
export function quotaExceeded(used: number, quota: number, file?: string): PlatformError {
  return tooLarge(`The organisation's storage quota does not allow this file: ${used} of ${quota} bytes used${file ? `, ${file}` : ''}`);
}

/**
 * An upload: the fields come first (and authorise the call), then the file (receiveFile: type from
 * the content, 415 / 413 while streaming). The quota is checked before and, under a
 * per-organisation lock, after the bytes are in; any failure or cancellation leaves nothing in the
 * store and no row.
 */
export async function uploadDocument(deps: DocumentsDeps, requests: AsyncIterable<Request>, ctx: StreamCallContext<Request>): Promise<documentsV1.Document> {
  const messages = requests[Symbol.asyncIterator]();
  const fields = await firstFields(messages);
  ctx.authorize(fields);
  const caller = callerOf(ctx);
  const organizationId = fields.organizationId;

  const fileName = fields.fileName.trim().slice(0, 255) || 'file';
  const name = (fields.name?.trim() || fileName).slice(0, 255);
  const access = accessFromProto(fields.access) ?? 'MEMBERS_ONLY';
  const folderId = fields.folderId || null;
  if (folderId && !(await findLiveFolder(deps.db, organizationId, folderId))) {
    throw PlatformError.validation([{ field: 'folderId', message: 'is not a folder of this organisation' }], 'folderId is not a folder of this organisation');
  }
  const quota = await deps.stores.quotaBytes();
  const usage = await storageUsage(deps.db, organizationId);
  if (usage >= quota) throw quotaExceeded(usage, quota);

  const id = randomUUID();
  const key = objectKeyOf(organizationId, id);
  const left = quota - usage;
  const file = await receiveFile(deps, messages, {
    key,
    fileName,
    // Past what is left of the quota the upload stops early too, with the usage.
    maxBytes: Math.min(deps.settings.maxUploadBytes, left),
    overLimit: left < deps.settings.maxUploadBytes ? () => quotaExceeded(usage, quota, `the file has more than ${left} bytes`) : undefined,
    accept: isDocumentType,
    what: 'documents',
  });

  try {
    const row = await deps.db.$transaction(async (tx) => {
      await lockOrganizationQuota(tx, organizationId);
      const used = await storageUsage(tx, organizationId);
      if (used + file.size > quota) throw quotaExceeded(used, quota, `the file has ${file.size} bytes`);
      return insertDocument(tx, {
        id,
        organizationId,
        folderId,
        name,
        fileName,
        mimeType: file.mimeType,
        fileSize: BigInt(file.size),
        access,
        storageProvider: file.ref.storageProvider,
        storageTargetId: file.ref.storageTargetId,
        objectKey: key,
        sha256: file.sha256,
        uploadedBy: caller.sub,
      });
    });
    ctx.logger.info({ documentId: id, size: file.size, mimeType: file.mimeType, provider: file.ref.storageProvider }, 'document uploaded');
    return documentView(deps, row);
  } catch (err) {
    await file.store.delete(key).catch((cause: unknown) => ctx.logger.warn({ err: cause, key }, 'could not remove the object of a refused upload'));
    throw err;
  }
}
