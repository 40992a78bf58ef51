import type { Request, RequestHandler, Response } from 'express';
import { ROLE_ADMIN } from '../domain/content-types';
import { LegacyError, LegacyErrorCode } from '../domain/errors';
import type { UserRow } from '../domain/rows';
import { bearerToken, secretsEqual, verifyAccessToken } from '../domain/tokens';
import { nowSeconds, type SiteServices } from './services';

export const SYNC_KEY_HEADER = 'x-association-sync-key';

export interface Caller {
  user: UserRow;
  sessionId: string;
}

/** The signed-in user of a request that passed `requireUser`. */
export function callerOf(res: Response): Caller {
  const caller = res.locals['caller'] as Caller | undefined;
  if (!caller) throw new Error('route is missing requireUser');
  return caller;
}

export function isAdmin(user: UserRow): boolean {
  return user.role === ROLE_ADMIN;
}

/**
 * Bearer JWT of the mobile app: 400 `jwt_auth_bad_request` without one, 401 `jwt_auth_invalid_token`
 * when it does not verify, its session has ended or its user is gone.
 */
export async function authenticate(services: SiteServices, req: Request): Promise<Caller> {
  return authenticateToken(services, bearerToken(req.get('authorization')));
}

export async function authenticateToken(services: SiteServices, token: string): Promise<Caller> {
  const subject = verifyAccessToken(services.jwtSecret, token, nowSeconds(services.clock));
  const session = await services.sessions.find(subject.sid);
  if (!session || session.revoked_at !== null || session.user_id !== subject.userId) {
    throw new LegacyError(LegacyErrorCode.JWT_INVALID_TOKEN, 'The session of this token has ended.');
  }
  const user = await services.users.findById(subject.userId);
  if (!user) throw new LegacyError(LegacyErrorCode.JWT_INVALID_TOKEN, 'User not found for this token.');
  return { user, sessionId: session.id };
}

export function requireUser(services: SiteServices, options: { admin?: boolean } = {}): RequestHandler {
  return async (req, res, next) => {
    const caller = await authenticate(services, req);
    if (options.admin && !isAdmin(caller.user)) throw LegacyError.forbidden('Sorry, you are not allowed to do that.');
    res.locals['caller'] = caller;
    next();
  };
}

/**
 * The connector's key in `X-Association-Sync-Key`: 503 while the site has none, 401 when the header is
 * missing or wrong.
 */
export function requireSyncKey(services: SiteServices): RequestHandler {
  return async (req, _res, next) => {
    const expected = await services.settings.syncKey();
    if (!expected) {
      throw new LegacyError(LegacyErrorCode.SYNC_KEY_NOT_GENERATED, 'No sync key has been generated. Generate one in the plugin settings (Sync tab).');
    }
    const given = req.get(SYNC_KEY_HEADER);
    if (!given) throw new LegacyError(LegacyErrorCode.SYNC_KEY_MISSING, 'Missing X-Association-Sync-Key header.');
    if (!secretsEqual(given, expected)) throw new LegacyError(LegacyErrorCode.SYNC_KEY_INVALID, 'Invalid sync key.');
    next();
  };
}

/** Read-only mode refuses content edits with 403. */
export async function assertWritable(services: SiteServices): Promise<void> {
  if (await services.settings.readOnly()) {
    throw new LegacyError(LegacyErrorCode.READ_ONLY, 'The site is in read-only mode: content cannot be changed.');
  }
}
