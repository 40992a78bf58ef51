import type { Tx } from './db';
import type { Prisma } from './generated/client';

/** The fields an import writes (and fingerprints with importHash). */
export type ImportedNotificationFields = {
  title: string;
  body: string;
  data: Record<string, unknown>;
  createdAt: Date;
};

/** The organisation's notifications with these external ids, by external id. */
export async function notificationsByExternalId(tx: Tx, organizationId: string, externalIds: string[]) {
  const rows = await tx.notification.findMany({ where: { organizationId, externalId: { in: externalIds } } });
  return new Map(rows.map((n) => [n.externalId, n]));
}

/** Marks a notification an import just created as that record's: its external id and importHash. */
export async function markImported(tx: Tx, id: string, externalId: string, importHash: string): Promise<void> {
  await tx.notification.update({ where: { id }, data: { externalId, importHash } });
}

/** The imported fields of the notification, as the source now has them, with their importHash. */
export async function updateImportedNotification(tx: Tx, id: string, fields: ImportedNotificationFields, importHash: string): Promise<void> {
  await tx.notification.update({ where: { id }, data: { ...fields, data: fields.data as Prisma.InputJsonValue, importHash } });
}

/** A new importHash for the notification, whose imported fields already are the source's (both sides made the same change). */
export async function storeImportHash(tx: Tx, id: string, importHash: string): Promise<void> {
  await tx.notification.update({ where: { id }, data: { importHash } });
}
