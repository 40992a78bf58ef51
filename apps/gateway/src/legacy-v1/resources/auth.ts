import { localsOf } from '../../http/request-context';
import { type LegacyAnswer, type LegacyRequest, type MemberRequest, callAsMember } from '../legacy-context';
import { LegacyError } from '../legacy-error';
import { stringParam, trimmedParam } from '../legacy-params';
import { type LegacySessions } from '../legacy-session';
import { deviceOf, registerDevice } from './devices';
import { type PlatformProfile, legacyRoleOf, profilePathOf } from './user';

interface TokenPair {
  accessToken?: string;
  refreshToken?: string;
  expiresIn?: number;
  mfa_required?: boolean;
}

/** A URL-friendly name of an account, as the site's `user_nicename`: the platform signs in by email, so its local part. */
export function nicenameOf(email: string): string {
  return (
    email
      .slice(0, email.indexOf('@') === -1 ? undefined : email.indexOf('@'))
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'member'
  );
}

/** The site's login answer, from the platform's token pair and the member's profile. */
export function legacyLogin(pair: TokenPair, profile: PlatformProfile): Record<string, unknown> {
  const email = profile.email ?? '';
  return {
    token: pair.accessToken,
    refresh_token: pair.refreshToken,
    user_email: email,
    user_nicename: nicenameOf(email),
    user_display_name: profile.displayName || [profile.firstName, profile.lastName].filter(Boolean).join(' '),
    user_id: profile.id,
    user_role: legacyRoleOf(profile.roles, profile.status),
    expires_in: pair.expiresIn ?? 3600,
  };
}

/** A fresh token pair as the old app gets it: checked against this association, with the member's profile. */
async function loginAnswer(ctx: LegacyRequest, sessions: LegacySessions, pair: TokenPair, status = 200): Promise<LegacyAnswer> {
  const member: MemberRequest = { ...ctx, session: await sessions.check(pair.accessToken, ctx.org) };
  const profile = await callAsMember<PlatformProfile>(member, { method: 'GET', path: profilePathOf(member) });
  const device = deviceOf(ctx.params);
  if (device) {
    // The sign-in stands without push: a device the platform refuses is only logged.
    await registerDevice(member, device).catch((err: unknown) => localsOf(ctx.res).logger.warn({ err }, 'legacy-v1: device not registered at sign-in'));
  }
  return { status, body: legacyLogin(pair, profile) };
}

/**
 * POST /api/v1/auth: `username` (the platform's user name is the email) or `email`, and `password`,
 * signed in to the association the host names, under the platform's login lockout and abuse limits.
 * A wrong password is the site's 403 `jwt_auth_failed`; an account with a second factor, which the old
 * app cannot send, 403 `jwt_auth_mfa_required`.
 */
export async function login(ctx: LegacyRequest, sessions: LegacySessions): Promise<LegacyAnswer> {
  const username = trimmedParam(ctx.params, 'username') ?? trimmedParam(ctx.params, 'email');
  const password = stringParam(ctx.params, 'password');
  if (!username || !password) throw new LegacyError('BAD_REQUEST', 'Username and password are required.');
  if (!username.includes('@')) {
    throw new LegacyError('AUTH_FAILED', 'Invalid username or password. Sign in with your email address.');
  }
  const pair = await ctx.api.call<TokenPair>(ctx.req, ctx.res, {
    method: 'POST',
    path: '/api/auth/org/login',
    body: { email: username, password, organizationId: ctx.org.id },
    errors: { 400: 'AUTH_FAILED', 401: 'AUTH_FAILED', 403: 'AUTH_FAILED' },
  });
  if (pair.mfa_required) {
    throw new LegacyError('MFA_REQUIRED', 'This account signs in with two-factor authentication: use the association’s new app.');
  }
  return { ...(await loginAnswer(ctx, sessions, pair)), successor: '/api/auth/org/login' };
}

/** POST /api/v1/auth/refresh: `refresh_token` rotated by the platform (its strategy), answered as a login. */
export async function refresh(ctx: LegacyRequest, sessions: LegacySessions): Promise<LegacyAnswer> {
  const refreshToken = trimmedParam(ctx.params, 'refresh_token');
  if (!refreshToken) throw new LegacyError('BAD_REQUEST', 'refresh_token is required.');
  const pair = await ctx.api.call<TokenPair>(ctx.req, ctx.res, {
    method: 'POST',
    path: '/api/auth/refresh',
    body: { refreshToken },
    errors: { 400: 'INVALID_REFRESH_TOKEN', 401: 'INVALID_REFRESH_TOKEN', 403: 'INVALID_REFRESH_TOKEN' },
  });
  return { ...(await loginAnswer(ctx, sessions, pair)), successor: '/api/auth/refresh' };
}

/** POST /api/v1/auth/validate: the token of `Authorization: Bearer` (or body `token`), valid for this association. */
export async function validate(ctx: LegacyRequest, sessions: LegacySessions, bearer: string | undefined): Promise<LegacyAnswer> {
  await sessions.check(bearer ?? trimmedParam(ctx.params, 'token'), ctx.org);
  return { body: { code: 'jwt_auth_valid_token', message: 'Token is valid', data: { status: 200 } }, successor: '/api/auth/me' };
}

/**
 * POST /api/v1/auth/signup: a platform account (POST /api/auth/org/register: verification email),
 * and a join request to the association when it takes them, which its administrators approve. The
 * site answered with a session of a `pending-review` account; the platform gives none before the
 * membership is approved, so the answer is 201 with what happened (docs/mobile-migration.md).
 */
export async function signup(ctx: LegacyRequest): Promise<LegacyAnswer> {
  const given = {
    email: trimmedParam(ctx.params, 'email'),
    password: stringParam(ctx.params, 'password'),
    first_name: trimmedParam(ctx.params, 'first_name'),
    last_name: trimmedParam(ctx.params, 'last_name'),
  };
  const missing = Object.entries(given)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) throw LegacyError.missingParam(...missing);
  const account = { email: given.email, password: given.password, firstName: given.first_name, lastName: given.last_name };
  await ctx.api.call(ctx.req, ctx.res, { method: 'POST', path: '/api/auth/org/register', body: account, errors: { 409: 'EXISTING_EMAIL' } });
  let joinRequested = false;
  if (ctx.org.allowJoinRequests) {
    try {
      await ctx.api.call(ctx.req, ctx.res, {
        method: 'POST',
        path: `/api/public/orgs/${encodeURIComponent(ctx.org.slug)}/join-requests`,
        body: { firstName: account.firstName, lastName: account.lastName, email: account.email, message: 'Signed up in the old mobile app.' },
      });
      joinRequested = true;
    } catch (err) {
      // The account exists: the person can still ask to join from the new app.
      localsOf(ctx.res).logger.warn({ err }, 'legacy-v1: join request after sign-up refused');
    }
  }
  const message = joinRequested
    ? 'Account created. Confirm your email address; the association then reviews your membership request.'
    : 'Account created. Confirm your email address; the association adds members itself.';
  return {
    status: 201,
    body: { code: 'association_signup_received', message, data: { status: 201 }, user_email: account.email, join_requested: joinRequested },
    successor: '/api/auth/org/register',
  };
}

/** POST /api/v1/auth/logout: ends the session (POST /api/auth/tokens/revoke); its tokens stop working. */
export async function logout(ctx: MemberRequest): Promise<LegacyAnswer> {
  await callAsMember(ctx, { method: 'POST', path: '/api/auth/tokens/revoke', body: {} });
  return {
    body: { code: 'jwt_auth_logged_out', message: 'You have been logged out.', data: { status: 200 }, unsubscribed: false },
    successor: '/api/auth/tokens/revoke',
  };
}
