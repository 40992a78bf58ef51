import { randomUUID } from 'node:crypto';
import type { Db, DocumentsDb } from './db';
import type { StorageSettings, StorageTarget } from './generated/client';

export type StorageTargetRow = StorageTarget;
export type StorageSettingsRow = StorageSettings;

export type NewStorageTarget = Omit<StorageTarget, 'id' | 'createdAt'>;

/** The saved settings with their current target, or undefined while the environment's configuration applies. */
export async function findStorageSettings(db: Db): Promise<{ settings: StorageSettingsRow; target: StorageTargetRow } | undefined> {
  const settings = await db.storageSettings.findUnique({ where: { id: 1 } });
  if (!settings) return undefined;
  const target = await db.storageTarget.findUnique({ where: { id: settings.currentTargetId } });
  if (!target) throw new Error(`storage settings name target ${settings.currentTargetId}, which does not exist`);
  return { settings, target };
}

export function findStorageTarget(db: Db, id: string): Promise<StorageTargetRow | null> {
  return db.storageTarget.findUnique({ where: { id } });
}

/** Saves a new target (targets are never changed) and makes it the current one, with the quota. */
export function saveStorageSettings(
  db: DocumentsDb,
  target: NewStorageTarget,
  quotaBytes: bigint | null,
  at: Date,
): Promise<{ settings: StorageSettingsRow; target: StorageTargetRow }> {
  return db.$transaction(async (tx) => {
    const saved = await tx.storageTarget.create({ data: { ...target, id: randomUUID(), createdAt: at } });
    const settings = await tx.storageSettings.upsert({
      where: { id: 1 },
      create: { id: 1, currentTargetId: saved.id, quotaBytes, updatedAt: at, updatedBy: target.createdBy },
      update: { currentTargetId: saved.id, quotaBytes, updatedAt: at, updatedBy: target.createdBy },
    });
    return { settings, target: saved };
  });
}
