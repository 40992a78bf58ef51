import type { Db, IdentityDb, Tx } from './db';
import type { AccountStatus, UserType } from './generated/client';

export interface NewAccount {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  status: AccountStatus;
  userType?: UserType;
  systemRole?: string | null;
}

const live = { deletedAt: null };

export function findLiveAccountByEmail(db: Db, email: string) {
  return db.account.findFirst({ where: { email, ...live } });
}

export function findLiveAccount(db: Db, id: string) {
  return db.account.findFirst({ where: { id, ...live } });
}

export function findLiveAccounts(db: Db, ids: string[]) {
  return db.account.findMany({ where: { id: { in: ids }, ...live } });
}

export function findLiveAccountsByEmail(db: Db, emails: string[]) {
  return db.account.findMany({ where: { email: { in: emails }, ...live } });
}

/**
 * Creates an ACTIVE account without a password for each person, in one statement; an address that
 * a live account took meanwhile is skipped. Answers the ids created. Rows go in in address order, so
 * two calls for overlapping addresses wait on each other's keys in one order rather than deadlock.
 */
export async function insertAccountsWithoutPassword(db: Db, people: { email: string; firstName: string; lastName: string }[]): Promise<string[]> {
  if (people.length === 0) return [];
  const rows = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO account (id, email, username, first_name, last_name, status, user_type, created_at, updated_at)
    SELECT gen_random_uuid(), p.email, p.email, p.first_name, p.last_name, 'ACTIVE'::"AccountStatus", 'ORGANIZATION'::"UserType", now(), now()
      FROM unnest(${people.map((p) => p.email)}::text[], ${people.map((p) => p.firstName)}::text[], ${people.map((p) => p.lastName)}::text[])
        AS p(email, first_name, last_name)
     ORDER BY p.email
    ON CONFLICT (email) WHERE deleted_at IS NULL DO NOTHING
    RETURNING id::text AS id`;
  return rows.map((row) => row.id);
}

export function createAccount(db: Db, input: NewAccount) {
  return db.account.create({
    data: {
      email: input.email,
      username: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash: input.passwordHash,
      status: input.status,
      userType: input.userType ?? 'ORGANIZATION',
      systemRole: input.systemRole ?? null,
    },
  });
}

/** Hard-deletes an account that was never used (no password, no session): a saga's compensation. */
export async function deleteUnusedAccount(db: Db, id: string): Promise<boolean> {
  const { count } = await db.account.deleteMany({ where: { id, passwordHash: null, sessions: { none: {} } } });
  return count > 0;
}

export function createEmailVerification(db: Db, accountId: string, tokenHash: string, expiresAt: Date) {
  return db.emailVerification.create({ data: { accountId, tokenHash, expiresAt } });
}

/**
 * Locks the account row for the rest of the transaction and reads it: logins, password changes and
 * status changes of one account run one at a time, so a session is never opened with credentials
 * or a status that a concurrent change has just replaced.
 */
export async function lockAccount(tx: Tx, id: string) {
  await tx.$queryRawUnsafe('SELECT id FROM account WHERE id = $1::uuid FOR UPDATE', id);
  return tx.account.findFirst({ where: { id, ...live } });
}

export function updateAccountStatus(db: Db, id: string, status: AccountStatus, extra: { emailVerifiedAt?: Date } = {}) {
  return db.account.update({ where: { id }, data: { status, ...extra } });
}

export function setPasswordHash(
  db: Db,
  id: string,
  passwordHash: string,
  now: Date,
  extra: { status?: AccountStatus; emailVerifiedAt?: Date; firstName?: string; lastName?: string } = {},
) {
  return db.account.update({ where: { id }, data: { passwordHash, passwordChangedAt: now, ...extra } });
}

export function setSystemRole(db: Db, id: string, systemRole: string) {
  return db.account.update({ where: { id }, data: { systemRole } });
}

export function findEmailVerification(db: Db, tokenHash: string) {
  return db.emailVerification.findUnique({ where: { tokenHash }, include: { account: true } });
}

/** Marks a verification token used; false when another request used it first. */
export async function useEmailVerification(db: Db, id: string, now: Date): Promise<boolean> {
  const { count } = await db.emailVerification.updateMany({ where: { id, usedAt: null }, data: { usedAt: now } });
  return count === 1;
}

export async function listSystemUsers(db: IdentityDb, page: { skip: number; take: number }) {
  const where = { userType: 'SYSTEM' as const, ...live };
  const [rows, total] = await db.$transaction([
    db.account.findMany({ where, orderBy: [{ email: 'asc' }, { id: 'asc' }], skip: page.skip, take: page.take }),
    db.account.count({ where }),
  ]);
  return { rows, total };
}
