import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { LegacyError, LegacyErrorCode } from './errors';

/** Token lifetimes of the legacy JWT plugin as configured on the site. */
export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;
export const DEEPLINK_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'association-legacy-site';

export interface TokenSubject {
  userId: number;
  /** The login session the token belongs to; logout ends it. */
  sid: string;
}

/** The JWT plugin's claim layout: the user under `data.user.id`. */
interface Claims {
  iss: string;
  iat: number;
  nbf: number;
  exp: number;
  sid: string;
  data: { user: { id: string } };
}

export function signAccessToken(secret: string, subject: TokenSubject, nowSeconds: number, ttlSeconds = ACCESS_TOKEN_SECONDS): string {
  const claims: Claims = {
    iss: ISSUER,
    iat: nowSeconds,
    nbf: nowSeconds,
    exp: nowSeconds + ttlSeconds,
    sid: subject.sid,
    data: { user: { id: String(subject.userId) } },
  };
  return jwt.sign(claims, secret, { algorithm: 'HS256' });
}

/** Verifies signature, issuer and expiry; any failure is `jwt_auth_invalid_token` (401). */
export function verifyAccessToken(secret: string, token: string, nowSeconds: number): TokenSubject {
  try {
    const decoded = jwt.verify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, clockTimestamp: nowSeconds });
    if (typeof decoded !== 'object' || decoded === null) throw new Error('no claims');
    const claims = decoded as Partial<Claims>;
    const userId = Number(claims.data?.user?.id);
    if (!Number.isInteger(userId) || userId <= 0 || typeof claims.sid !== 'string') throw new Error('bad claims');
    return { userId, sid: claims.sid };
  } catch (error) {
    const expired = error instanceof jwt.TokenExpiredError;
    throw new LegacyError(LegacyErrorCode.JWT_INVALID_TOKEN, expired ? 'Expired token' : 'Signature verification failed');
  }
}

/** An opaque random token (refresh tokens, deeplink keys, sync keys). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Stored form of an opaque token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Compares secrets in constant time (for the sync key). */
export function secretsEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Reads `Authorization: Bearer <token>`; missing is `jwt_auth_bad_request` (400) as the plugin answers. */
export function bearerToken(header: string | undefined): string {
  if (!header || header.trim() === '') {
    throw new LegacyError(LegacyErrorCode.JWT_BAD_REQUEST, 'Authorization header not found.');
  }
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  const token = m?.[1];
  if (!token) throw new LegacyError(LegacyErrorCode.JWT_BAD_REQUEST, 'Authorization header malformed.');
  return token;
}

/** A new sync key, as the plugin's Sync tab generates it: 48 hex characters. */
export function newSyncKey(): string {
  return randomBytes(24).toString('hex');
}
