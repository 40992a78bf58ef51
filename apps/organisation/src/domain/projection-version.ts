/**
 * Identity's version of an account (its `updatedAt`, carried as `occurred_at` by
 * identity.account.updated): the projection keeps the newest news and ignores older (store/accounts.ts
 * compares in SQL, atomically). An empty or unreadable version counts as `fallback`.
 */
export function parseVersion(iso: string, fallback: Date): Date {
  const parsed = iso ? new Date(iso) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : fallback;
}
