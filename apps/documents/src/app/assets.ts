import { randomUUID } from 'node:crypto';
import { PlatformError, uuid } from '@platform/errors';
import { callerOf, type StreamCallContext } from '@platform/grpc-server';
import type { documentsV1 } from '@platform/proto';
import type { DocumentsDeps } from '../deps';
import { assetTypeOf, isLogoType } from '../domain/asset-types';
import { assetKeyOf, assetPathOf } from '../domain/storage-path';
import { findLiveAsset, insertAsset, queueObjectPurge, replaceAssetFile, softDeleteAsset, type AssetRow } from '../store/assets-store';
import type { Tx } from '../store/db';
import { lockOrganizationQuota, storageUsage } from '../store/usage';
import type { ReceivedFile } from '../clients/ports';
import { firstFields, receiveFile, storedFileColumns } from './receive-file';
import { quotaExceeded } from './upload-document';

/** The largest asset (the routes' limit too). */
export const MAX_ASSET_BYTES = 5 * 1024 * 1024;

const assetNotFound = (): PlatformError => PlatformError.notFound('Asset');

export function assetView(row: AssetRow): documentsV1.Asset {
  return {
    assetId: row.id,
    assetType: row.assetType,
    url: `/api/storage/${assetPathOf(row.organizationId, row.id)}`,
    fileSize: String(row.fileSize),
    mimeType: row.mimeType,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** POST /api/orgs/{orgId}/assets: a new asset (LOGO: a raster image, 415 otherwise). */
export async function uploadAsset(
  deps: DocumentsDeps,
  requests: AsyncIterable<documentsV1.UploadAssetRequest>,
  ctx: StreamCallContext<documentsV1.UploadAssetRequest>,
): Promise<documentsV1.Asset> {
  const messages = requests[Symbol.asyncIterator]();
  const fields = await firstFields(messages);
  ctx.authorize(fields);
  const organizationId = fields.orgId;
  const assetType = assetTypeOf(fields.assetType);
  if (!assetType) throw PlatformError.validation([{ field: 'assetType', message: 'must be LOGO' }], 'assetType must be LOGO');
  const id = randomUUID();
  const key = assetKeyOf(organizationId, id, randomUUID());
  const fileName = fields.fileName.trim().slice(0, 255) || 'logo';
  const file = await receiveAsset(deps, messages, organizationId, key, fileName);
  return recordOrDiscard(deps, ctx, organizationId, file, key, async (tx) =>
    insertAsset(tx, {
      id,
      organizationId,
      assetType,
      fileName,
      ...storedFileColumns(file, key),
      createdBy: callerOf(ctx).sub,
      createdAt: new Date(deps.now()),
      updatedAt: new Date(deps.now()),
    }),
  );
}

/** PUT /api/orgs/{orgId}/assets/{assetId}: a new file under the same id and URL; the old bytes go after the grace period. */
export async function replaceAsset(
  deps: DocumentsDeps,
  requests: AsyncIterable<documentsV1.ReplaceAssetRequest>,
  ctx: StreamCallContext<documentsV1.ReplaceAssetRequest>,
): Promise<documentsV1.Asset> {
  const messages = requests[Symbol.asyncIterator]();
  const fields = await firstFields(messages);
  ctx.authorize(fields);
  const organizationId = fields.orgId;
  if (!uuid.safeParse(fields.assetId).success) throw assetNotFound();
  const existing = await findLiveAsset(deps.db, organizationId, fields.assetId);
  if (!existing) throw assetNotFound();
  const key = assetKeyOf(organizationId, existing.id, randomUUID());
  const fileName = fields.fileName.trim().slice(0, 255) || existing.fileName;
  const file = await receiveAsset(deps, messages, organizationId, key, fileName, Number(existing.fileSize));
  return recordOrDiscard(
    deps,
    ctx,
    organizationId,
    file,
    key,
    async (tx) => {
      const current = await findLiveAsset(tx, organizationId, existing.id);
      if (!current) throw assetNotFound();
      await queueObjectPurge(tx, current, new Date(deps.now() + deps.settings.purgeGraceSeconds * 1000));
      return replaceAssetFile(tx, current.id, {
        fileName,
        ...storedFileColumns(file, key),
        updatedAt: new Date(deps.now()),
      });
    },
    Number(existing.fileSize),
  );
}

/** DELETE /api/orgs/{orgId}/assets/{assetId}: the URL stops working at once; the bytes go after the grace period. */
export async function deleteAsset(deps: DocumentsDeps, organizationId: string, assetId: string): Promise<void> {
  if (!uuid.safeParse(assetId).success) throw assetNotFound();
  await deps.db.$transaction(async (tx) => {
    const current = await findLiveAsset(tx, organizationId, assetId);
    if (!current) throw assetNotFound();
    await softDeleteAsset(tx, current.id, new Date(deps.now()));
    await queueObjectPurge(tx, current, new Date(deps.now() + deps.settings.purgeGraceSeconds * 1000));
  });
}

async function receiveAsset(
  deps: DocumentsDeps,
  messages: AsyncIterator<{ fields?: unknown; chunk?: Buffer }>,
  organizationId: string,
  key: string,
  fileName: string,
  replacedBytes = 0,
): Promise<ReceivedFile> {
  const quota = await deps.stores.quotaBytes();
  const usage = (await storageUsage(deps.db, organizationId)) - replacedBytes;
  const left = quota - usage;
  if (left <= 0) throw quotaExceeded(usage, quota);
  return receiveFile(deps, messages, {
    key,
    fileName,
    maxBytes: Math.min(MAX_ASSET_BYTES, left),
    overLimit: left < MAX_ASSET_BYTES ? () => quotaExceeded(usage, quota, `the file has more than ${left} bytes`) : undefined,
    accept: isLogoType,
    what: 'a LOGO (PNG, JPEG, GIF or WebP; SVG is not accepted)',
  });
}

/** Records the received file under the quota lock; on any failure the stored object is removed. */
async function recordOrDiscard(
  deps: DocumentsDeps,
  ctx: StreamCallContext<unknown>,
  organizationId: string,
  file: ReceivedFile,
  key: string,
  write: (tx: Tx) => Promise<AssetRow>,
  replacedBytes = 0,
): Promise<documentsV1.Asset> {
  try {
    const row = await deps.db.$transaction(async (tx) => {
      await lockOrganizationQuota(tx, organizationId);
      const quota = await deps.stores.quotaBytes();
      const used = (await storageUsage(tx, organizationId)) - replacedBytes;
      if (used + file.size > quota) throw quotaExceeded(used, quota, `the file has ${file.size} bytes`);
      return write(tx);
    });
    ctx.logger.info({ assetId: row.id, size: file.size, mimeType: file.mimeType, provider: file.ref.storageProvider }, 'asset stored');
    return assetView(row);
  } catch (err) {
    await file.store.delete(key).catch((cause: unknown) => ctx.logger.warn({ err: cause, key }, 'could not remove the object of a refused asset'));
    throw err;
  }
}
