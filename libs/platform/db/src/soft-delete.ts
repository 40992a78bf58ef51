/**
 * Soft delete: rows that users delete keep their data and get `deletedAt` set; every read and
 * every uniqueness rule ignores them. In schema.prisma a soft-deletable model has
 *   deletedAt DateTime? @db.Timestamptz(3)
 * and its unique constraints are partial, so a value frees up once its row is deleted:
 *   @@unique([organizationId, email], where: { deletedAt: null })
 * (generator `previewFeatures = ["partialIndexes"]`; see the README).
 */

export interface SoftDeletable {
  deletedAt: Date | null;
}

/** Where-fragment for rows that are not deleted: `where: { ...live, email }`. */
export const live = { deletedAt: null } as const;

/** Adds the not-deleted condition to a Prisma where input. */
export function whereLive<W extends object>(where: W): W & typeof live {
  return { ...where, ...live };
}

/** Update data that soft-deletes a row. */
export function softDeleteData(now: Date = new Date()): { deletedAt: Date } {
  return { deletedAt: now };
}

/** Update data that restores a soft-deleted row (may conflict with a live row holding its unique values). */
export const restoreData = { deletedAt: null } as const;

export function isLive(row: SoftDeletable): boolean {
  return row.deletedAt === null;
}
