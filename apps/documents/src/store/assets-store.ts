import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import type { Asset, Prisma } from './generated/client';
import type { StoreRef } from '../storage/object-stores';

export type AssetRow = Asset;

export type NewAsset = Prisma.AssetUncheckedCreateInput;

/** What a replacement changes: the new file, where its bytes are, and when. */
export type AssetFile = Pick<AssetRow, 'fileName' | 'mimeType' | 'fileSize' | 'sha256' | 'storageProvider' | 'storageTargetId' | 'objectKey' | 'updatedAt'>;

export function findLiveAsset(db: Db, organizationId: string, id: string): Promise<AssetRow | null> {
  return db.asset.findFirst({ where: { id, organizationId, deletedAt: null } });
}

/** The live asset an import copied from `sourceUrl` (one per organisation and URL). */
export function findLiveAssetCopiedFrom(db: Db, organizationId: string, sourceUrl: string): Promise<AssetRow | null> {
  return db.asset.findFirst({ where: { organizationId, sourceUrl, deletedAt: null } });
}

export function insertAsset(db: Db, asset: NewAsset): Promise<AssetRow> {
  return db.asset.create({ data: asset });
}

/** The asset keeps its id (and URL); its file is the new one. */
export function replaceAssetFile(db: Db, id: string, file: AssetFile): Promise<AssetRow> {
  return db.asset.update({ where: { id }, data: file });
}

export async function softDeleteAsset(db: Db, id: string, at: Date): Promise<void> {
  await db.asset.update({ where: { id }, data: { deletedAt: at } });
}

/** Queues an object for removal once `purgeAfter` has passed (the purge job). */
export async function queueObjectPurge(db: Db, object: StoreRef & { objectKey: string }, purgeAfter: Date): Promise<void> {
  await db.objectPurge.create({
    data: { id: randomUUID(), storageProvider: object.storageProvider, storageTargetId: object.storageTargetId, objectKey: object.objectKey, purgeAfter },
  });
}

export function objectPurgesDue(db: Db, now: Date, limit: number) {
  return db.objectPurge.findMany({ where: { purgeAfter: { lte: now } }, orderBy: { purgeAfter: 'asc' }, take: limit });
}

export async function removeObjectPurge(db: Db, id: string): Promise<void> {
  await db.objectPurge.deleteMany({ where: { id } });
}
