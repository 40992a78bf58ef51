import { z } from 'zod';
import { auditOf } from '@platform/audit';
import { ErrorCode, PlatformError, validate } from '@platform/errors';
import { callerId, type AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import { checkSecondFactor } from '../app/second-factor';
import type { IdentityDeps } from '../deps';
import { AuditAction } from '../domain/audit-entry';
import { canonicalBackupCode, newBackupCodes } from '../domain/backup-codes';
import { keyedHash } from '../domain/secrets';
import { newTotpSecret, totpUri } from '../domain/totp';
import { findLiveAccount } from '../store/accounts';
import type { Tx } from '../store/db';
import { countUnusedBackupCodes, deleteMfa, enableMfa, findMfaCredential, replaceBackupCodes, saveMfaSecret } from '../store/mfa';
import { mfaCode } from './inputs';

type MfaHandlers = Pick<
  AsyncService<identityV1.IdentityServiceServer>,
  'getMfaStatus' | 'startMfaEnrolment' | 'confirmMfaEnrolment' | 'disableMfa' | 'regenerateBackupCodes'
>;

const codeInput = z.object({ code: mfaCode });

const wrongCode = (what = 'a valid code from your authenticator app'): PlatformError =>
  PlatformError.validation([{ field: 'code', message: `is not ${what}` }], `The code is not ${what}`);
const notEnabled = (): PlatformError => new PlatformError(ErrorCode.FAILED_PRECONDITION, 'Two-factor authentication is not enabled');

/** The caller's own two-factor authentication: enrol, confirm, disable, new backup codes. */
export function mfaHandlers(deps: IdentityDeps): MfaHandlers {
  async function callerAccount(ctx: Parameters<MfaHandlers['getMfaStatus']>[1]) {
    const account = await findLiveAccount(deps.db, callerId(ctx));
    if (!account) throw PlatformError.notFound('Account');
    return account;
  }

  async function issueBackupCodes(tx: Tx, accountId: string): Promise<string[]> {
    const codes = newBackupCodes();
    await replaceBackupCodes(
      tx,
      accountId,
      codes.map((code) => keyedHash(deps.backupCodeKey, canonicalBackupCode(code) ?? code)),
    );
    return codes;
  }

  return {
    async getMfaStatus(_request, ctx) {
      const account = await callerAccount(ctx);
      const credential = await findMfaCredential(deps.db, account.id);
      const enabled = credential?.enabledAt != null;
      return {
        enabled,
        enrolmentPending: credential !== null && !enabled,
        backupCodesRemaining: enabled ? await countUnusedBackupCodes(deps.db, account.id) : 0,
      };
    },

    /** A new secret (replacing an unconfirmed one); MFA is on only once a code confirms it. */
    async startMfaEnrolment(_request, ctx) {
      const account = await callerAccount(ctx);
      const existing = await findMfaCredential(deps.db, account.id);
      if (existing?.enabledAt) throw PlatformError.conflict('Two-factor authentication is already enabled; disable it first to enrol again');
      const secret = newTotpSecret();
      await saveMfaSecret(deps.db, account.id, deps.secrets.seal(secret));
      return { secret, otpauthUri: totpUri(secret, deps.policy.mfaIssuer, account.email) };
    },

    async confirmMfaEnrolment(request, ctx) {
      const { code } = validate(codeInput, request);
      const account = await callerAccount(ctx);
      const credential = await findMfaCredential(deps.db, account.id);
      if (!credential) throw new PlatformError(ErrorCode.FAILED_PRECONDITION, 'Start the enrolment first (POST /api/auth/mfa/enrol/start)');
      if (credential.enabledAt) throw PlatformError.conflict('Two-factor authentication is already enabled');
      const matched = await checkSecondFactor(deps, deps.db, account.id, code, { allowBackupCode: false, pending: true });
      if (matched?.kind !== 'totp') throw wrongCode();
      const backupCodes = await deps.db.$transaction(async (tx) => {
        if (!(await enableMfa(tx, account.id, matched.step, deps.now()))) throw PlatformError.conflict('Two-factor authentication is already enabled');
        const codes = await issueBackupCodes(tx, account.id);
        await deps.events.auditRecorded(
          tx,
          auditOf(
            ctx,
            { action: AuditAction.MFA_ENABLED, userId: account.id, userEmail: account.email, resourceType: 'ACCOUNT', resourceId: account.id },
            deps.now(),
          ),
        );
        return codes;
      });
      return { backupCodes };
    },

    async disableMfa(request, ctx) {
      const { code } = validate(codeInput, request);
      const account = await callerAccount(ctx);
      const credential = await findMfaCredential(deps.db, account.id);
      if (!credential?.enabledAt) throw notEnabled();
      const matched = await checkSecondFactor(deps, deps.db, account.id, code, { allowBackupCode: true });
      if (!matched) throw wrongCode('a valid authentication or backup code');
      await deps.db.$transaction(async (tx) => {
        await deleteMfa(tx, account.id);
        await deps.events.auditRecorded(
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
      return { enabled: false, enrolmentPending: false, backupCodesRemaining: 0 };
    },

    /** Ten new backup codes (the old ones stop working); needs a TOTP code, not a backup code. */
    async regenerateBackupCodes(request, ctx) {
      const { code } = validate(codeInput, request);
      const account = await callerAccount(ctx);
      const credential = await findMfaCredential(deps.db, account.id);
      if (!credential?.enabledAt) throw notEnabled();
      const matched = await checkSecondFactor(deps, deps.db, account.id, code, { allowBackupCode: false });
      if (!matched) throw wrongCode();
      const backupCodes = await deps.db.$transaction(async (tx) => {
        const codes = await issueBackupCodes(tx, account.id);
        await deps.events.auditRecorded(
          tx,
          auditOf(
            ctx,
            { action: AuditAction.MFA_BACKUP_CODES_REGENERATED, userId: account.id, userEmail: account.email, resourceType: 'ACCOUNT', resourceId: account.id },
            deps.now(),
          ),
        );
        return codes;
      });
      return { backupCodes };
    },
  };
}
