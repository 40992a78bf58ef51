import type { Db } from './db';

export interface NewSession {
  accountId: string;
  organizationId: string | null;
  userType: 'ORGANIZATION' | 'SYSTEM';
  deviceId?: string | null;
}

export function createSession(db: Db, input: NewSession) {
  return db.session.create({ data: { ...input, deviceId: input.deviceId ?? null } });
}

export function createRefreshToken(db: Db, input: { id: string; sessionId: string; tokenHash: string; expiresAt: Date }) {
  return db.refreshToken.create({ data: input });
}

export type RotationOutcome = { kind: 'rotated'; sessionId: string } | { kind: 'reused'; sessionId: string } | { kind: 'unknown' };

/**
 * Marks an active refresh token as used, atomically: of two requests presenting the same token,
 * exactly one sees `rotated`. A token that was already rotated or revoked, or an older version of
 * a token re-issued in place (UPDATE_EXISTING), is a reuse.
 */
export async function rotateRefreshToken(db: Db, id: string, tokenHash: string, now: Date): Promise<RotationOutcome> {
  const { count } = await db.refreshToken.updateMany({
    where: { id, tokenHash, status: 'ACTIVE', expiresAt: { gt: now }, session: { revokedAt: null } },
    data: { status: 'ROTATED', rotatedAt: now },
  });
  const token = await db.refreshToken.findUnique({ where: { id }, select: { sessionId: true, status: true, tokenHash: true } });
  if (!token) return { kind: 'unknown' };
  if (count === 1) return { kind: 'rotated', sessionId: token.sessionId };
  return token.status === 'ACTIVE' && token.tokenHash === tokenHash ? { kind: 'unknown' } : { kind: 'reused', sessionId: token.sessionId };
}

export function findSession(db: Db, id: string) {
  return db.session.findUnique({ where: { id }, include: { account: true } });
}

/** Ends a session: the session is marked revoked and each of its refresh tokens is revoked. */
export async function revokeSession(db: Db, sessionId: string, reason: string, now: Date): Promise<boolean> {
  const { count } = await db.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: now, revokeReason: reason } });
  await db.refreshToken.updateMany({ where: { sessionId, status: { not: 'REVOKED' } }, data: { status: 'REVOKED' } });
  return count > 0;
}

export function touchSession(db: Db, sessionId: string, now: Date) {
  return db.session.update({ where: { id: sessionId }, data: { lastUsedAt: now } });
}

export function liveSessionsInOrganization(db: Db, accountId: string, organizationId: string) {
  return db.session.findMany({ where: { accountId, organizationId, revokedAt: null }, select: { id: true } });
}

export type ExtensionOutcome = { kind: 'extended' } | { kind: 'reused'; sessionId: string } | { kind: 'unknown' };

/**
 * UPDATE_EXISTING: re-issues the presented token in place (same id, new hash, later expiry),
 * atomically: of two requests presenting the same string, exactly one sees `extended`. A string
 * of this token that is not its current one (an older version) is a reuse.
 */
export async function extendRefreshToken(
  db: Db,
  input: { id: string; presentedHash: string; nextHash: string; expiresAt: Date; now: Date },
): Promise<ExtensionOutcome> {
  const { count } = await db.refreshToken.updateMany({
    where: { id: input.id, tokenHash: input.presentedHash, status: 'ACTIVE', expiresAt: { gt: input.now }, session: { revokedAt: null } },
    data: { tokenHash: input.nextHash, expiresAt: input.expiresAt, rotatedAt: input.now },
  });
  if (count === 1) return { kind: 'extended' };
  const token = await db.refreshToken.findUnique({ where: { id: input.id }, select: { sessionId: true, status: true, tokenHash: true } });
  if (!token) return { kind: 'unknown' };
  if (token.status !== 'ACTIVE' || token.tokenHash !== input.presentedHash) return { kind: 'reused', sessionId: token.sessionId };
  return { kind: 'unknown' };
}

/** Sessions that can still be refreshed (not revoked, with an active, unexpired refresh token), oldest first. */
export function liveSessionsOfAccount(db: Db, accountId: string, now: Date) {
  return db.session.findMany({
    where: { accountId, revokedAt: null, refreshTokens: { some: { status: 'ACTIVE', expiresAt: { gt: now } } } },
    select: { id: true, deviceId: true, createdAt: true, lastUsedAt: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

/** Every session of the account not yet revoked (however old), except the one to keep. */
export function openSessionsOfAccount(db: Db, accountId: string, exceptSessionId?: string) {
  return db.session.findMany({
    where: { accountId, revokedAt: null, ...(exceptSessionId ? { id: { not: exceptSessionId } } : {}) },
    select: { id: true, lastUsedAt: true },
  });
}

export function findSessionsByIds(db: Db, ids: string[]) {
  return db.session.findMany({ where: { id: { in: ids }, revokedAt: null }, select: { id: true, lastUsedAt: true } });
}

/** Ends sessions in bulk, as revokeSession does one. */
export async function revokeSessions(db: Db, ids: string[], reason: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.session.updateMany({ where: { id: { in: ids }, revokedAt: null }, data: { revokedAt: now, revokeReason: reason } });
  await db.refreshToken.updateMany({ where: { sessionId: { in: ids }, status: { not: 'REVOKED' } }, data: { status: 'REVOKED' } });
}

/**
 * When the account last used each organisation it signed in to (its sessions there, revoked or not):
 * an org login without a named organisation opens the most recent one (domain/membership-choice.ts).
 */
export async function lastSignInByOrganization(db: Db, accountId: string): Promise<Map<string, Date>> {
  const rows = await db.session.groupBy({
    by: ['organizationId'],
    where: { accountId, organizationId: { not: null } },
    _max: { lastUsedAt: true },
  });
  return new Map(rows.flatMap((row) => (row.organizationId && row._max.lastUsedAt ? [[row.organizationId, row._max.lastUsedAt] as const] : [])));
}
