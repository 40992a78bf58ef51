import { auditOf } from '@platform/audit';
import { ErrorCode, PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { IdentityDeps } from '../deps';
import { AuditAction } from '../domain/audit-entry';
import { canonicalBackupCode, newBackupCodes } from '../domain/backup-codes';
import { keyedHash } from '../domain/secrets';
import type { Tx } from '../store/db';
import type { Account } from '../store/generated/client';
import { deleteMfa, enableMfa, findMfaCredential, replaceBackupCodes } from '../store/mfa';
import { checkSecondFactor } from './second-factor';

// The caller's own two-factor authentication, once the enrolment has started: confirm it, turn it
// off, or get new backup codes. Each checks a code first, then changes and audits in one transaction.

type MfaAccount = Pick<Account, 'id' | 'email'>;

const wrongCode = (what = 'a valid code from your authenticator app'): PlatformError =>
  PlatformError.validation([{ field: 'code', message: `is not ${what}` }], `The code is not ${what}`);
const notEnabled = (): PlatformError => new PlatformError(ErrorCode.FAILED_PRECONDITION, 'Two-factor authentication is not enabled');

/** Replaces the account's backup codes with ten new ones (stored as keyed hashes); answers them in clear. */
async function issueBackupCodes(deps: IdentityDeps, tx: Tx, accountId: string): Promise<string[]> {
  const codes = newBackupCodes();
  await replaceBackupCodes(
    tx,
    accountId,
    codes.map((code) => keyedHash(deps.backupCodeKey, canonicalBackupCode(code) ?? code)),
  );
  return codes;
}

/** A TOTP code confirms the pending enrolment: MFA is on, and the first backup codes are answered. */
export async function confirmMfaEnrolment(deps: IdentityDeps, ctx: CallContext, account: MfaAccount, code: string): Promise<string[]> {
  const credential = await findMfaCredential(deps.db, account.id);
  if (!credential) throw new PlatformError(ErrorCode.FAILED_PRECONDITION, 'Start the enrolment first (POST /api/auth/mfa/enrol/start)');
  if (credential.enabledAt) throw PlatformError.conflict('Two-factor authentication is already enabled');
  const matched = await checkSecondFactor(deps, deps.db, account.id, code, { allowBackupCode: false, pending: true });
  if (matched?.kind !== 'totp') throw wrongCode();
  return deps.db.$transaction(async (tx) => {
    if (!(await enableMfa(tx, account.id, matched.step, deps.now()))) throw PlatformError.conflict('Two-factor authentication is already enabled');
    const codes = await issueBackupCodes(deps, tx, account.id);
    await deps.messages.auditRecorded(
      tx,
      auditOf(
        ctx,
        { action: AuditAction.MFA_ENABLED, userId: account.id, userEmail: account.email, resourceType: 'ACCOUNT', resourceId: account.id },
        deps.now(),
      ),
    );
    return codes;
  });
}

/** A TOTP or backup code turns MFA off: the secret, the backup codes and pending challenges go. */
export async function disableMfa(deps: IdentityDeps, ctx: CallContext, account: MfaAccount, code: string): Promise<void> {
  const credential = await findMfaCredential(deps.db, account.id);
  if (!credential?.enabledAt) throw notEnabled();
  const matched = await checkSecondFactor(deps, deps.db, account.id, code, { allowBackupCode: true });
  if (!matched) throw wrongCode('a valid authentication or backup code');
  await deps.db.$transaction(async (tx) => {
    await deleteMfa(tx, account.id);
    await deps.messages.auditRecorded(
      tx,
      auditOf(
        ctx,
        {
          action: AuditAction.MFA_DISABLED,
          userId: account.id,
          userEmail: account.email,
          resourceType: 'ACCOUNT',
          resourceId: account.id,
          detail: { with: matched.kind },
        },
        deps.now(),
      ),
    );
  });
}

/** Ten new backup codes (the old ones stop working); needs a TOTP code, not a backup code. */
export async function regenerateBackupCodes(deps: IdentityDeps, ctx: CallContext, account: MfaAccount, code: string): Promise<string[]> {
  const credential = await findMfaCredential(deps.db, account.id);
  if (!credential?.enabledAt) throw notEnabled();
  const matched = await checkSecondFactor(deps, deps.db, account.id, code, { allowBackupCode: false });
  if (!matched) throw wrongCode();
  return deps.db.$transaction(async (tx) => {
    const codes = await issueBackupCodes(deps, tx, account.id);
    await deps.messages.auditRecorded(
      tx,
      auditOf(
        ctx,
        { action: AuditAction.MFA_BACKUP_CODES_REGENERATED, userId: account.id, userEmail: account.email, resourceType: 'ACCOUNT', resourceId: account.id },
        deps.now(),
      ),
    );
    return codes;
  });
}
