import { randomUUID } from 'node:crypto';
import { isUniqueViolation } from '@platform/db';
import { PlatformError } from '@platform/errors';
import { MAX_UPSERT_BATCH, mapConcurrently } from '@platform/imports';
import type { documentsV1 } from '@platform/proto';
import type { DocumentsDeps } from '../deps';
import { IMPORTED_IMAGE, isLogoType } from '../domain/asset-types';
import { assetKeyOf } from '../domain/storage-path';
import { findLiveAssetCopiedFrom, insertAsset } from '../store/assets-store';
import { lockOrganizationQuota, storageUsage } from '../store/usage';
import { assetView, MAX_ASSET_BYTES } from './assets';
import { quotaExceeded } from './upload-document';
import { storedFileColumns } from './receive-file';

const MAX_URL_LENGTH = 2000;
/**
 * Images copied at once in one call: each copy mostly waits on the remote site, so a first import
 * with thousands of images goes several times as fast, and no site gets more than this at a time.
 */
export const IMAGE_COPIES_IN_FLIGHT = 4;

/** The file name an image is stored under: the last path segment of its URL. */
function fileNameOf(url: URL): string {
  const last = decodeURIComponent(url.pathname.slice(url.pathname.lastIndexOf('/') + 1)).trim();
  return (last || 'image').slice(0, 255);
}

/**
 * The connector's copy-images (ImportImages): each distinct source URL becomes an IMPORTED_IMAGE
 * asset of the organisation, copied through the outbound-destination guard (the remote copier:
 * checked and pinned destination, redirects checked again, deadline, raster images only, 5 MiB, the
 * quota), or the one copied before from the same URL, `IMAGE_COPIES_IN_FLIGHT` at a time. Answers
 * the asset's public URL or the reason, in the order of the URLs.
 */
export async function importImages(
  deps: DocumentsDeps,
  organizationId: string,
  importedBy: string,
  sourceUrls: readonly string[],
  logger: { warn(obj: object, msg: string): void },
): Promise<documentsV1.ImportedImage[]> {
  if (sourceUrls.length > MAX_UPSERT_BATCH) throw PlatformError.validation([{ field: 'sourceUrls', message: `must have at most ${MAX_UPSERT_BATCH} URLs` }]);
  return mapConcurrently([...new Set(sourceUrls)], IMAGE_COPIES_IN_FLIGHT, async (sourceUrl): Promise<documentsV1.ImportedImage> => {
    try {
      return { sourceUrl, url: await copiedUrl(deps, organizationId, importedBy, sourceUrl), error: '' };
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      logger.warn({ organizationId, sourceUrl, reason }, 'remote image not copied');
      return { sourceUrl, url: '', error: reason.slice(0, 500) };
    }
  });
}

async function copiedUrl(deps: DocumentsDeps, organizationId: string, importedBy: string, sourceUrl: string): Promise<string> {
  const known = () => findLiveAssetCopiedFrom(deps.db, organizationId, sourceUrl);
  const before = await known();
  if (before) return assetView(before).url;
  let url: URL;
  try {
    url = new URL(sourceUrl);
  } catch {
    throw new Error('not a URL');
  }
  if (!['http:', 'https:'].includes(url.protocol) || sourceUrl.length > MAX_URL_LENGTH)
    throw new Error(`not an http(s) URL of at most ${MAX_URL_LENGTH} characters`);
  if (!deps.remoteFiles.available) throw new Error('copying remote files is not available');

  const quota = await deps.stores.quotaBytes();
  const usage = await storageUsage(deps.db, organizationId);
  if (usage >= quota) throw quotaExceeded(usage, quota);
  const id = randomUUID();
  const key = assetKeyOf(organizationId, id, randomUUID());
  const file = await deps.remoteFiles.copyRemoteFile({
    key,
    url: sourceUrl,
    fileName: fileNameOf(url),
    maxBytes: Math.min(MAX_ASSET_BYTES, quota - usage),
    accept: isLogoType,
    what: 'an image (PNG, JPEG, GIF or WebP)',
  });
  try {
    const row = await deps.db.$transaction(async (tx) => {
      await lockOrganizationQuota(tx, organizationId);
      const used = await storageUsage(tx, organizationId);
      if (used + file.size > quota) throw quotaExceeded(used, quota, `the file has ${file.size} bytes`);
      const now = new Date(deps.now());
      return insertAsset(tx, {
        id,
        organizationId,
        assetType: IMPORTED_IMAGE,
        fileName: fileNameOf(url),
        ...storedFileColumns(file, key),
        createdBy: importedBy,
        createdAt: now,
        updatedAt: now,
        sourceUrl,
      });
    });
    return assetView(row).url;
  } catch (err) {
    await file.store.delete(key).catch(() => undefined);
    // Another import copied the same URL meanwhile: theirs is the one.
    const theirs = isUniqueViolation(err) ? await known() : null;
    if (theirs) return assetView(theirs).url;
    throw err;
  }
}
