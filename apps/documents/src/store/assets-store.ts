import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import type { Asset } from './generated/client';
import type { StoreRef } from '../storage/object-stores';

export type AssetRow = Asset;

export function findLiveAsset(db: Db, organizationId: string, id: string): Promise<AssetRow | null> {
  return db.asset.findFirst({ where: { id, organizationId, deletedAt: null } });
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
