import { z } from 'zod';
/** One budget: `points` requests in `seconds`. */
export interface Budget {
  points: number;
  seconds: number;
}

/** What one kind of request may spend, per client IP and across all clients (none: no global cap). */
export interface LimitSetting {
  perIp: Budget;
  global?: Budget;
}

export const LIMIT_NAMES = ['login-failure', 'registration', 'password-reset', 'code-verify', 'join-request', 'invitation', 'public-lookup'] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/**
 * Defaults no person reaches by hand, even behind one office NAT, that still stop a script: a
 * sprayer, a bcrypt-burning loop, a code guesser. Logins have no global cap on purpose: one attacker
 * could then refuse everyone's sign-in. docs/operations.md lists them with their variables.
 */
export const DEFAULT_LIMITS: Record<LimitName, LimitSetting> = {
  // Failed sign-ins from one address (successes are free): a spray over many emails stops here, and
  // never locks any account, since a refused attempt does not reach the lockout.
  'login-failure': { perIp: { points: 30, seconds: 15 * 60 } },
  // Each runs bcrypt in identity or sends an email.
  registration: { perIp: { points: 10, seconds: 60 * 60 }, global: { points: 600, seconds: 60 } },
  'password-reset': { perIp: { points: 10, seconds: 60 * 60 }, global: { points: 600, seconds: 60 } },
  // Six-digit codes (reset, email verification, second factor): guessing is the threat.
  'code-verify': { perIp: { points: 30, seconds: 15 * 60 }, global: { points: 1200, seconds: 60 } },
  'join-request': { perIp: { points: 10, seconds: 60 * 60 }, global: { points: 600, seconds: 60 } },
  // Invitation acceptance, creation-invitation validation and use.
  invitation: { perIp: { points: 20, seconds: 60 * 60 }, global: { points: 600, seconds: 60 } },
  // Every other public GET (slug lookups, branding, legal pages, calendar feeds).
  'public-lookup': { perIp: { points: 600, seconds: 60 } },
};

/** The routes each limit guards, by `METHOD /path/template` (login failures: every login_lockout route). */
export const LIMITED_ROUTES: Readonly<Record<string, LimitName>> = {
  'POST /api/auth/org/register': 'registration',
  'POST /api/auth/password-reset/request': 'password-reset',
  'POST /api/auth/password-reset/resend': 'password-reset',
  'POST /api/auth/password-reset/verify': 'code-verify',
  'POST /api/auth/email/verify': 'code-verify',
  'POST /api/auth/mfa/verify': 'code-verify',
  'POST /api/public/orgs/{slug}/join-requests': 'join-request',
  'POST /api/orgs/{organization_id}/invitations/{token}/accept': 'invitation',
  'GET /api/orgs/creation-invitations/validate/{token}': 'invitation',
  'POST /api/orgs/create-with-invitation': 'invitation',
};

const NAME_VARIABLE: Record<LimitName, string> = {
  'login-failure': 'LOGIN_FAILURE',
  registration: 'REGISTRATION',
  'password-reset': 'PASSWORD_RESET',
  'code-verify': 'CODE_VERIFY',
  'join-request': 'JOIN_REQUEST',
  invitation: 'INVITATION',
  'public-lookup': 'PUBLIC_LOOKUP',
};

/** `LIMIT_<NAME>_PER_IP` and `LIMIT_<NAME>_GLOBAL` of every limit, for the configuration shape (read by readLimitSettings). */
export function limitVariables(): Record<string, z.ZodOptional<z.ZodString>> {
  return Object.fromEntries(
    LIMIT_NAMES.flatMap((name) => [`LIMIT_${NAME_VARIABLE[name]}_PER_IP`, `LIMIT_${NAME_VARIABLE[name]}_GLOBAL`]).map((variable) => [
      variable,
      z.string().optional(),
    ]),
  );
}

/**
 * The limits from the environment: `LIMIT_<NAME>_PER_IP` and `LIMIT_<NAME>_GLOBAL` as
 * `<points>/<seconds>` (`10/3600`), `off` to lift one; `GATEWAY_ABUSE_LIMITS=off` lifts them all
 * (load tests). Throws naming the variable on a bad value.
 */
export function readLimitSettings(env: NodeJS.ProcessEnv): Record<LimitName, LimitSetting> | undefined {
  if (env['GATEWAY_ABUSE_LIMITS'] === 'off') return undefined;
  const settings = { ...DEFAULT_LIMITS };
  for (const name of LIMIT_NAMES) {
    const perIp = budgetOf(`LIMIT_${NAME_VARIABLE[name]}_PER_IP`, env, settings[name].perIp);
    const global = budgetOf(`LIMIT_${NAME_VARIABLE[name]}_GLOBAL`, env, settings[name].global);
    settings[name] = { perIp: perIp ?? { points: Number.MAX_SAFE_INTEGER, seconds: 1 }, global };
  }
  return settings;
}

function budgetOf(variable: string, env: NodeJS.ProcessEnv, fallback: Budget | undefined): Budget | undefined {
  const value = env[variable];
  if (value === undefined || value === '') return fallback;
  if (value === 'off') return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const points = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (!match || points < 1 || seconds < 1) throw new Error(`${variable} must be <points>/<seconds> such as 10/3600, or off (got ${value})`);
  return { points, seconds };
}
