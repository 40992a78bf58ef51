import { randomUUID } from 'node:crypto';
import { Router, type Response } from 'express';
import { ROLE_PENDING } from '../domain/content-types';
import { LegacyError, LegacyErrorCode } from '../domain/errors';
import type { UserRow } from '../domain/rows';
import { ACCESS_TOKEN_SECONDS, DEEPLINK_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS, bearerToken, hashToken, randomToken, signAccessToken } from '../domain/tokens';
import { present } from '../domain/present';
import { authenticateToken, callerOf, requireUser } from './guards';
import { nowSeconds, requestParams, stringParam, type SiteServices } from './services';

const DEVICE_PLATFORMS = ['android', 'ios', 'web'];

/** The login response of the JWT plugin, plus the refresh token and a few conveniences. */
async function issueSession(services: SiteServices, user: UserRow, options: { deviceToken?: string; devicePlatform?: string; accessSeconds?: number } = {}) {
  const now = services.clock();
  const sid = randomUUID();
  const refreshToken = randomToken();
  await services.sessions.create({
    id: sid,
    userId: user.id,
    refreshHash: hashToken(refreshToken),
    deviceToken: options.deviceToken,
    now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000),
  });
  if (options.deviceToken) {
    await services.sessions.subscribeDevice(user.id, options.deviceToken, options.devicePlatform ?? 'android', now);
  }
  const accessSeconds = options.accessSeconds ?? ACCESS_TOKEN_SECONDS;
  return {
    token: signAccessToken(services.jwtSecret, { userId: user.id, sid }, nowSeconds(services.clock), accessSeconds),
    refresh_token: refreshToken,
    user_email: user.user_email,
    user_nicename: user.user_nicename,
    user_display_name: user.display_name,
    user_id: user.id,
    user_role: user.role,
    expires_in: accessSeconds,
  };
}

function deviceOf(params: Record<string, unknown>): { deviceToken?: string; devicePlatform?: string } {
  const deviceToken = stringParam(params, 'device_token')?.trim() || undefined;
  const platform = stringParam(params, 'device_platform')?.trim().toLowerCase();
  if (platform !== undefined && platform !== '' && !DEVICE_PLATFORMS.includes(platform)) {
    throw LegacyError.invalidParam('device_platform', `device_platform is not one of ${DEVICE_PLATFORMS.join(', ')}.`);
  }
  return { deviceToken, devicePlatform: platform || undefined };
}

function ok(res: Response, code: string, message: string, extra: Record<string, unknown> = {}) {
  res.status(200).json({ code, message, data: { status: 200 }, ...extra });
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function authRouter(services: SiteServices): Router {
  const router = Router();

  router.post('/auth', async (req, res) => {
    const params = requestParams(req);
    const username = stringParam(params, 'username')?.trim() || stringParam(params, 'email')?.trim();
    const password = stringParam(params, 'password');
    if (!username || !password) {
      throw new LegacyError(LegacyErrorCode.JWT_BAD_REQUEST, 'Username and password are required.');
    }
    const user = await services.users.findForLogin(username);
    const valid = user ? await services.verifyPassword(password, user.user_pass) : false;
    if (!user || !valid) throw new LegacyError(LegacyErrorCode.JWT_AUTH_FAILED, 'Invalid username or password.');
    res.status(200).json(await issueSession(services, user, deviceOf(params)));
  });

  router.post('/auth/refresh', async (req, res) => {
    const refreshToken = stringParam(requestParams(req), 'refresh_token');
    if (!refreshToken) throw new LegacyError(LegacyErrorCode.JWT_BAD_REQUEST, 'refresh_token is required.');
    const now = services.clock();
    const next = randomToken();
    const session = await services.sessions.rotate(hashToken(refreshToken), hashToken(next), now, new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000));
    const user = session && (await services.users.findById(session.user_id));
    if (!session || !user) {
      throw new LegacyError(LegacyErrorCode.JWT_INVALID_REFRESH_TOKEN, 'The refresh token is invalid, expired or already used.');
    }
    res.status(200).json({
      token: signAccessToken(services.jwtSecret, { userId: user.id, sid: session.id }, nowSeconds(services.clock)),
      refresh_token: next,
      user_email: user.user_email,
      user_nicename: user.user_nicename,
      user_display_name: user.display_name,
      user_id: user.id,
      user_role: user.role,
      expires_in: ACCESS_TOKEN_SECONDS,
    });
  });

  router.post('/auth/validate', async (req, res) => {
    // The token from the Authorization header, or from the body for clients that cannot set headers.
    const fromBody = stringParam(requestParams(req), 'token')?.trim();
    const header = req.get('authorization');
    await authenticateToken(services, header || !fromBody ? bearerToken(header) : fromBody);
    ok(res, 'jwt_auth_valid_token', 'Token is valid');
  });

  router.post('/auth/signup', async (req, res) => {
    const params = requestParams(req);
    const email = stringParam(params, 'email')?.trim();
    const password = stringParam(params, 'password');
    const firstName = stringParam(params, 'first_name')?.trim();
    const lastName = stringParam(params, 'last_name')?.trim();
    if (!email || !password || !firstName || !lastName) {
      const given: Record<string, string | undefined> = { email, password, first_name: firstName, last_name: lastName };
      throw LegacyError.missingParam(...Object.keys(given).filter((k) => !given[k]));
    }
    if (!EMAIL_RE.test(email) || email.length > 100) throw LegacyError.invalidParam('email', 'email is not a valid email address.');
    if (password.length < 8) throw LegacyError.invalidParam('password', 'password must be at least 8 characters.');
    if (await services.users.emailTaken(email)) {
      throw new LegacyError(LegacyErrorCode.EXISTING_EMAIL, 'Sorry, that email address is already used!');
    }
    const wanted = stringParam(params, 'username')?.trim();
    if (wanted && (await services.users.loginTaken(wanted))) {
      throw new LegacyError(LegacyErrorCode.EXISTING_LOGIN, 'Sorry, that username already exists!');
    }
    const base =
      wanted ||
      email
        .slice(0, email.indexOf('@'))
        .toLowerCase()
        .replace(/[^a-z0-9._-]/g, '') ||
      'member';
    let login = base;
    for (let n = 2; await services.users.loginTaken(login); n++) login = `${base}-${n}`;
    const id = await services.users.create({
      user_login: login,
      user_pass: await services.hashPassword(password),
      user_nicename: login.toLowerCase().replace(/[^a-z0-9-]/g, '-'),
      user_email: email,
      display_name: `${firstName} ${lastName}`,
      role: ROLE_PENDING,
      meta: { first_name: firstName, last_name: lastName },
    });
    const user = present(await services.users.findById(id), 'the member just signed up');
    res.status(201).json(await issueSession(services, user, deviceOf(params)));
  });

  router.post('/auth/login_deeplink', async (req, res) => {
    const key = stringParam(requestParams(req), 'key')?.trim();
    if (!key) throw new LegacyError(LegacyErrorCode.JWT_BAD_REQUEST, 'key is required.');
    const userId = await services.sessions.consumeDeeplinkKey(hashToken(key), services.clock());
    const user = userId === undefined ? undefined : await services.users.findById(userId);
    if (!user) throw new LegacyError(LegacyErrorCode.INVALID_DEEPLINK, 'The login link is invalid, expired or already used.');
    res.status(200).json(await issueSession(services, user, { accessSeconds: DEEPLINK_TOKEN_SECONDS }));
  });

  router.post('/auth/logout', requireUser(services), async (req, res) => {
    const caller = callerOf(res);
    const session = await services.sessions.find(caller.sessionId);
    const deviceToken = stringParam(requestParams(req), 'device_token')?.trim() || session?.device_token || undefined;
    const unsubscribed = deviceToken ? await services.sessions.unsubscribeDevice(caller.user.id, deviceToken) : false;
    await services.sessions.revoke(caller.sessionId, services.clock());
    ok(res, 'jwt_auth_logged_out', 'You have been logged out.', { unsubscribed });
  });

  router.post('/auth/unsubscribe', requireUser(services), async (req, res) => {
    const caller = callerOf(res);
    const session = await services.sessions.find(caller.sessionId);
    const deviceToken = stringParam(requestParams(req), 'device_token')?.trim() || session?.device_token || undefined;
    if (!deviceToken) throw LegacyError.missingParam('device_token');
    const unsubscribed = await services.sessions.unsubscribeDevice(caller.user.id, deviceToken);
    ok(res, 'association_device_unsubscribed', unsubscribed ? 'The device will no longer receive notifications.' : 'The device was not subscribed.', {
      unsubscribed,
    });
  });

  return router;
}
