import { PlatformError } from '@platform/errors';
import type { IdentityDeps } from '../deps';
import { classifyMfaCode } from '../domain/backup-codes';
import { keyedHash } from '../domain/secrets';
import { checkTotp } from '../domain/totp';
import type { Db } from '../store/db';
import { consumeBackupCode, consumeTotpStep, findMfaCredential, resetCodeChecks, takeCodeCheck } from '../store/mfa';

/**
 * Codes checked per account and window, whatever the route (login, disable, regenerate): a
 * backstop behind the gateway's login lockout, so a stolen access token cannot guess a TOTP code
 * through the account routes. Above the lockout's 5, so the lockout answers first at login.
 */
export const CODE_CHECKS_PER_WINDOW = 10;
export const CODE_CHECK_WINDOW_SECONDS = 15 * 60;

export type SecondFactor = { kind: 'totp'; step: number } | { kind: 'backup' };

const tooManyCodes = (): PlatformError =>
  PlatformError.rateLimited(`Too many codes were tried: try again in ${CODE_CHECK_WINDOW_SECONDS / 60} minutes`, CODE_CHECK_WINDOW_SECONDS);

/**
 * Checks a code of an account with MFA on (or being enrolled, `pending`) and spends it: a TOTP code
 * within ±1 step whose step was never used, or (when allowed) an unused backup code. Answers what
 * matched, or undefined. A pending enrolment's step is recorded when it is enabled (enableMfa).
 * Throws RATE_LIMITED when the account's budget of checks is spent.
 */
export async function checkSecondFactor(
  deps: IdentityDeps,
  db: Db,
  accountId: string,
  input: string,
  options: { allowBackupCode: boolean; pending?: boolean },
): Promise<SecondFactor | undefined> {
  const credential = await findMfaCredential(db, accountId);
  if (!credential || (options.pending ? credential.enabledAt !== null : credential.enabledAt === null)) return undefined;
  const now = deps.now();
  if (!(await takeCodeCheck(db, accountId, now, CODE_CHECKS_PER_WINDOW, CODE_CHECK_WINDOW_SECONDS))) throw tooManyCodes();
  const matched = await match(credential);
  if (matched) await resetCodeChecks(db, accountId);
  return matched;

  async function match(stored: { secretSealed: string; lastUsedStep: number | null }): Promise<SecondFactor | undefined> {
    const code = classifyMfaCode(input);
    switch (code.kind) {
      case 'totp': {
        const secret = deps.secrets.open(stored.secretSealed);
        const check = checkTotp(secret, code.code, Math.floor(now.getTime() / 1000), stored.lastUsedStep);
        if (!check.valid) return undefined;
        if (options.pending || (await consumeTotpStep(db, accountId, check.step))) return { kind: 'totp', step: check.step };
        return undefined;
      }
      case 'backup':
        if (!options.allowBackupCode) return undefined;
        return (await consumeBackupCode(db, accountId, keyedHash(deps.backupCodeKey, code.code), now)) ? { kind: 'backup' } : undefined;
      case 'malformed':
        return undefined;
      default: {
        const unreachable: never = code;
        throw new Error(`unknown code kind ${JSON.stringify(unreachable)}`);
      }
    }
  }
}
