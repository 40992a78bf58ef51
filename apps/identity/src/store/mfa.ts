import type { Db } from './db';

export function findMfaCredential(db: Db, accountId: string) {
  return db.mfaCredential.findUnique({ where: { accountId } });
}

/** Starts (or restarts) an enrolment with a new sealed secret; MFA stays off until confirmed. */
export function saveMfaSecret(db: Db, accountId: string, secretSealed: string) {
  return db.mfaCredential.upsert({
    where: { accountId },
    create: { accountId, secretSealed },
    update: { secretSealed, enabledAt: null, lastUsedStep: null },
  });
}

/** Turns MFA on, atomically with recording the step of the confirming code; false if it raced. */
export async function enableMfa(db: Db, accountId: string, step: number, now: Date): Promise<boolean> {
  const { count } = await db.mfaCredential.updateMany({ where: { accountId, enabledAt: null }, data: { enabledAt: now, lastUsedStep: step } });
  return count === 1;
}

/** Records a TOTP step as used, unless it (or a later one) already was: a code never works twice. */
export async function consumeTotpStep(db: Db, accountId: string, step: number): Promise<boolean> {
  const { count } = await db.mfaCredential.updateMany({
    where: { accountId, enabledAt: { not: null }, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: step } }] },
    data: { lastUsedStep: step },
  });
  return count === 1;
}

export async function deleteMfa(db: Db, accountId: string): Promise<void> {
  await db.mfaBackupCode.deleteMany({ where: { accountId } });
  await db.mfaChallenge.deleteMany({ where: { accountId } });
  await db.mfaCredential.deleteMany({ where: { accountId } });
}

export async function replaceBackupCodes(db: Db, accountId: string, codeHashes: string[]): Promise<void> {
  await db.mfaBackupCode.deleteMany({ where: { accountId } });
  await db.mfaBackupCode.createMany({ data: codeHashes.map((codeHash) => ({ accountId, codeHash })) });
}

/** Spends a backup code; false when there is no such unused code. */
export async function consumeBackupCode(db: Db, accountId: string, codeHash: string, now: Date): Promise<boolean> {
  const { count } = await db.mfaBackupCode.updateMany({ where: { accountId, codeHash, usedAt: null }, data: { usedAt: now } });
  return count === 1;
}

export function countUnusedBackupCodes(db: Db, accountId: string) {
  return db.mfaBackupCode.count({ where: { accountId, usedAt: null } });
}

export function createMfaChallenge(
  db: Db,
  input: { accountId: string; tokenHash: string; organizationId: string | null; deviceId: string | null; expiresAt: Date },
) {
  return db.mfaChallenge.create({ data: input });
}

export function findMfaChallenge(db: Db, tokenHash: string) {
  return db.mfaChallenge.findUnique({ where: { tokenHash }, include: { account: true } });
}

/** Takes one of the challenge's tries before the code is checked (so racing guesses are counted). */
export async function takeChallengeAttempt(db: Db, id: string, now: Date, maxAttempts: number): Promise<boolean> {
  const { count } = await db.mfaChallenge.updateMany({
    where: { id, usedAt: null, expiresAt: { gt: now }, attempts: { lt: maxAttempts } },
    data: { attempts: { increment: 1 } },
  });
  return count === 1;
}

export async function useMfaChallenge(db: Db, id: string, now: Date): Promise<boolean> {
  const { count } = await db.mfaChallenge.updateMany({ where: { id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  return count === 1;
}

/** Ends every pending challenge of the account (its password or status changed). */
export function dropMfaChallenges(db: Db, accountId: string) {
  return db.mfaChallenge.deleteMany({ where: { accountId, usedAt: null } });
}

/** Deletes the MFA challenges that expired before `expiredBefore`, used or not; answers how many went. */
export async function deleteMfaChallengesExpiredBefore(db: Db, expiredBefore: Date): Promise<number> {
  const { count } = await db.mfaChallenge.deleteMany({ where: { expiresAt: { lt: expiredBefore } } });
  return count;
}

/**
 * Takes one code check of the account's budget (`limit` per `windowSeconds`, any route),
 * atomically; false when the budget is spent. A successful check gives the budget back.
 */
export async function takeCodeCheck(db: Db, accountId: string, now: Date, limit: number, windowSeconds: number): Promise<boolean> {
  const expired = 'code_checks_since IS NULL OR code_checks_since <= $2::timestamptz - make_interval(secs => $3::int)';
  const rows = await db.$queryRawUnsafe<unknown[]>(
    `UPDATE mfa_credential SET
       code_checks = CASE WHEN ${expired} THEN 1 ELSE code_checks + 1 END,
       code_checks_since = CASE WHEN ${expired} THEN $2::timestamptz ELSE code_checks_since END
     WHERE account_id = $1::uuid AND (${expired} OR code_checks < $4::int)
     RETURNING code_checks`,
    accountId,
    now,
    windowSeconds,
    limit,
  );
  return rows.length === 1;
}

export function resetCodeChecks(db: Db, accountId: string) {
  return db.mfaCredential.updateMany({ where: { accountId }, data: { codeChecks: 0, codeChecksSince: null } });
}
