import type { Db, Tx } from './db';

/** What identity tells us about an account, with identity's version of it. */
export interface AccountSnapshot {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: string;
  version: Date;
}

export interface ProjectedAccount {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: string;
}

/**
 * Records an account in the projection, or refreshes it when the snapshot is at least as recent as
 * the row (an older snapshot leaves the row as it is). Answers the row as it stands afterwards.
 */
export async function upsertAccount(tx: Tx, s: AccountSnapshot): Promise<ProjectedAccount> {
  await tx.$executeRaw`
    INSERT INTO account_projection (id, email, first_name, last_name, status, source_updated_at, updated_at)
    VALUES (${s.id}::uuid, ${s.email}, ${s.firstName}, ${s.lastName}, ${s.status}, ${s.version}, now())
    ON CONFLICT (id) DO UPDATE SET
      email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
      status = EXCLUDED.status, source_updated_at = EXCLUDED.source_updated_at, updated_at = now()
    WHERE account_projection.source_updated_at <= EXCLUDED.source_updated_at`;
  return tx.accountProjection.findUniqueOrThrow({
    where: { id: s.id },
    select: { id: true, email: true, firstName: true, lastName: true, status: true },
  });
}

/**
 * upsertAccount for many accounts in one statement (an import's chunk), in id order so that two
 * writers lock shared rows in the same order. Every row named is locked until the transaction ends,
 * also when its snapshot is older than the row.
 */
export async function upsertAccounts(tx: Tx, snapshots: readonly AccountSnapshot[]): Promise<void> {
  if (snapshots.length === 0) return;
  const rows = [...new Map(snapshots.map((s) => [s.id, s])).values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  await tx.$executeRaw`
    INSERT INTO account_projection (id, email, first_name, last_name, status, source_updated_at, updated_at)
    SELECT s.id, s.email, s.first_name, s.last_name, s.status, s.version, now()
      FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.email)}::text[], ${rows.map((r) => r.firstName)}::text[],
                  ${rows.map((r) => r.lastName)}::text[], ${rows.map((r) => r.status)}::text[], ${rows.map((r) => r.version.toISOString())}::timestamptz[])
        AS s(id, email, first_name, last_name, status, version)
    ON CONFLICT (id) DO UPDATE SET
      email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
      status = EXCLUDED.status, source_updated_at = EXCLUDED.source_updated_at, updated_at = now()
    WHERE account_projection.source_updated_at <= EXCLUDED.source_updated_at`;
}

/** The projected accounts with these ids, by id. */
export async function findProjectedAccounts(db: Db, ids: readonly string[]): Promise<Map<string, ProjectedAccount>> {
  if (ids.length === 0) return new Map();
  const rows = await db.accountProjection.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, email: true, firstName: true, lastName: true, status: true },
  });
  return new Map(rows.map((row) => [row.id, row]));
}

/** The projected account with this id; fails (Prisma's not-found error) when there is none. */
export function getProjectedAccount(db: Db, id: string) {
  return db.accountProjection.findUniqueOrThrow({ where: { id } });
}

/**
 * Applies an account update to a projected account, unless the projection already holds newer
 * news. Accounts this service has never seen are not recorded (nothing here shows them yet).
 * Answers the refreshed row, or undefined when nothing changed.
 */
export async function refreshKnownAccount(tx: Tx, s: AccountSnapshot): Promise<ProjectedAccount | undefined> {
  const rows = await tx.$queryRaw<Array<{ id: string; email: string; first_name: string; last_name: string; status: string }>>`
    UPDATE account_projection
       SET email = ${s.email}, first_name = ${s.firstName}, last_name = ${s.lastName}, status = ${s.status},
           source_updated_at = ${s.version}, updated_at = now()
     WHERE id = ${s.id}::uuid AND source_updated_at <= ${s.version}
    RETURNING id, email, first_name, last_name, status`;
  const row = rows[0];
  return row && { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, status: row.status };
}

/**
 * Locks a projected account's row until the transaction ends, so checks over all of its memberships
 * (maxOrganisationsPerUser) run one at a time for that account.
 */
export async function lockAccount(tx: Tx, id: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM account_projection WHERE id = ${id}::uuid FOR UPDATE`;
}

/** lockAccount for many accounts, in id order (two writers then lock shared rows in the same order). */
export async function lockAccounts(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.$queryRaw`SELECT id FROM account_projection WHERE id = ANY(${[...ids]}::uuid[]) ORDER BY id FOR UPDATE`;
}
