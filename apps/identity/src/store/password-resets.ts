import type { Db } from './db';

/**
 * Counts one more code asked for the address in its current fixed window and answers the count,
 * atomically (one upsert: concurrent requests for one address are serialised on its row).
 */
export async function countResetRequest(db: Db, emailHash: string, now: Date, windowSeconds: number): Promise<number> {
  const rows = await db.$queryRawUnsafe<{ count: number }[]>(
    `INSERT INTO password_reset_throttle AS t (email_hash, window_start, count) VALUES ($1, $2::timestamptz, 1)
     ON CONFLICT (email_hash) DO UPDATE SET
       count = CASE WHEN t.window_start <= $2::timestamptz - make_interval(secs => $3::int) THEN 1 ELSE t.count + 1 END,
       window_start = CASE WHEN t.window_start <= $2::timestamptz - make_interval(secs => $3::int) THEN $2::timestamptz ELSE t.window_start END
     RETURNING count`,
    emailHash,
    now,
    windowSeconds,
  );
  return Number(rows[0]?.count ?? Number.MAX_SAFE_INTEGER);
}

/**
 * Books one reset-code try of an address in its window (fixed, restarting once `windowSeconds` have
 * passed since its first try) and answers the tries in the window, this one included.
 */
export async function countResetVerifyTry(db: Db, emailHash: string, now: Date, windowSeconds: number): Promise<{ tries: number; windowStart: Date }> {
  const rows = await db.$queryRawUnsafe<{ tries: number; window_start: Date }[]>(
    `INSERT INTO password_reset_verify_throttle AS t (email_hash, window_start, tries) VALUES ($1, $2::timestamptz, 1)
     ON CONFLICT (email_hash) DO UPDATE SET
       tries = CASE WHEN t.window_start <= $2::timestamptz - make_interval(secs => $3::int) THEN 1 ELSE t.tries + 1 END,
       window_start = CASE WHEN t.window_start <= $2::timestamptz - make_interval(secs => $3::int) THEN $2::timestamptz ELSE t.window_start END
     RETURNING tries, window_start`,
    emailHash,
    now,
    windowSeconds,
  );
  const row = rows[0];
  return { tries: Number(row?.tries ?? Number.MAX_SAFE_INTEGER), windowStart: row?.window_start ?? now };
}

/** Issues a code: every earlier code of the account stops working. */
export async function createResetCode(db: Db, input: { accountId: string; codeHash: string; expiresAt: Date; now: Date }) {
  await invalidateResetCodes(db, input.accountId, input.now);
  return db.passwordResetCode.create({ data: { accountId: input.accountId, codeHash: input.codeHash, expiresAt: input.expiresAt } });
}

export function invalidateResetCodes(db: Db, accountId: string, now: Date) {
  return db.passwordResetCode.updateMany({ where: { accountId, usedAt: null, invalidatedAt: null }, data: { invalidatedAt: now } });
}

/** The account's code that can still be tried, if any (there is at most one). */
export function findUsableResetCode(db: Db, accountId: string, now: Date, maxAttempts: number) {
  return db.passwordResetCode.findFirst({
    where: { accountId, usedAt: null, invalidatedAt: null, expiresAt: { gt: now }, attempts: { lt: maxAttempts } },
    orderBy: { createdAt: 'desc' },
  });
}

/**
 * Takes one of the code's tries before it is compared, atomically: however many requests race,
 * a code is compared at most `maxAttempts` times.
 */
export async function takeResetAttempt(db: Db, id: string, now: Date, maxAttempts: number): Promise<boolean> {
  const { count } = await db.passwordResetCode.updateMany({
    where: { id, usedAt: null, invalidatedAt: null, expiresAt: { gt: now }, attempts: { lt: maxAttempts } },
    data: { attempts: { increment: 1 } },
  });
  return count === 1;
}

/** Spends the code; false when it was spent or replaced meanwhile. */
export async function useResetCode(db: Db, id: string, now: Date): Promise<boolean> {
  const { count } = await db.passwordResetCode.updateMany({ where: { id, usedAt: null, invalidatedAt: null }, data: { usedAt: now } });
  return count === 1;
}

/** Ends the reset-request windows that started before `startedBefore` (they are over); answers how many went. */
export async function deleteResetRequestWindowsStartedBefore(db: Db, startedBefore: Date): Promise<number> {
  const { count } = await db.passwordResetThrottle.deleteMany({ where: { windowStart: { lt: startedBefore } } });
  return count;
}

/** Ends the reset-code try budgets whose window started before `startedBefore`; answers how many went. */
export async function deleteResetVerifyBudgetsStartedBefore(db: Db, startedBefore: Date): Promise<number> {
  const { count } = await db.passwordResetVerifyThrottle.deleteMany({ where: { windowStart: { lt: startedBefore } } });
  return count;
}

/** Deletes the reset codes that expired before `expiredBefore`; answers how many went. */
export async function deleteResetCodesExpiredBefore(db: Db, expiredBefore: Date): Promise<number> {
  const { count } = await db.passwordResetCode.deleteMany({ where: { expiresAt: { lt: expiredBefore } } });
  return count;
}
