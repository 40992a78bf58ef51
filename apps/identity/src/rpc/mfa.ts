import { z } from 'zod';
import { PlatformError, validate } from '@platform/errors';
import { callerId, type AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import { confirmMfaEnrolment, disableMfa, regenerateBackupCodes } from '../app/manage-mfa';
import type { IdentityDeps } from '../deps';
import { newTotpSecret, totpUri } from '../domain/totp';
import { findLiveAccount } from '../store/accounts';
import { countUnusedBackupCodes, findMfaCredential, saveMfaSecret } from '../store/mfa';
import { mfaCode } from './inputs';

type MfaHandlers = Pick<
  AsyncService<identityV1.IdentityServiceServer>,
  'getMfaStatus' | 'startMfaEnrolment' | 'confirmMfaEnrolment' | 'disableMfa' | 'regenerateBackupCodes'
>;

const codeInput = z.object({ code: mfaCode });

/** The caller's own two-factor authentication: enrol, confirm, disable, new backup codes. */
export function mfaHandlers(deps: IdentityDeps): MfaHandlers {
  async function callerAccount(ctx: Parameters<MfaHandlers['getMfaStatus']>[1]) {
    const account = await findLiveAccount(deps.db, callerId(ctx));
    if (!account) throw PlatformError.notFound('Account');
    return account;
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
      return { backupCodes: await confirmMfaEnrolment(deps, ctx, account, code) };
    },

    async disableMfa(request, ctx) {
      const { code } = validate(codeInput, request);
      const account = await callerAccount(ctx);
      await disableMfa(deps, ctx, account, code);
      return { enabled: false, enrolmentPending: false, backupCodesRemaining: 0 };
    },

    /** Ten new backup codes (the old ones stop working); needs a TOTP code, not a backup code. */
    async regenerateBackupCodes(request, ctx) {
      const { code } = validate(codeInput, request);
      const account = await callerAccount(ctx);
      return { backupCodes: await regenerateBackupCodes(deps, ctx, account, code) };
    },
  };
}
