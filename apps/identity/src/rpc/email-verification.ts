import { z } from 'zod';
import { auditOf } from '@platform/audit';
import { PlatformError, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import type { IdentityDeps } from '../deps';
import { statusAfterEmailVerified } from '../domain/account-status';
import { AuditAction } from '../domain/audit-entry';
import { sha256 } from '../domain/secrets';
import { findEmailVerification, lockAccount, updateAccountStatus, useEmailVerification } from '../store/accounts';

const input = z.object({ token: z.string().trim().min(1, 'is required').max(512, 'is too long') });

const refused = (message: string): PlatformError => PlatformError.validation([{ field: 'token', message }], `The verification link ${message}`);

/** POST /api/auth/email/verify: the token of the registration email (7 days) confirms the address. */
export function emailVerificationHandlers(deps: IdentityDeps): Pick<AsyncService<identityV1.IdentityServiceServer>, 'verifyEmail'> {
  return {
    async verifyEmail(request, ctx) {
      const { token } = validate(input, request);
      const verification = await findEmailVerification(deps.db, sha256(token));
      if (!verification || verification.account.deletedAt) throw refused('is not valid');
      if (verification.usedAt) throw refused('has already been used');
      if (verification.expiresAt <= deps.now()) throw refused('has expired; request a password reset to verify the address instead');
      const account = await deps.db.$transaction(async (tx) => {
        const now = deps.now();
        if (!(await useEmailVerification(tx, verification.id, now))) throw refused('has already been used');
        const current = await lockAccount(tx, verification.accountId);
        if (!current) throw refused('is not valid');
        const status = statusAfterEmailVerified(current.status);
        const updated = await updateAccountStatus(tx, current.id, status, current.emailVerifiedAt ? {} : { emailVerifiedAt: now });
        if (status !== current.status) await deps.events.accountUpdated(tx, updated);
        await deps.events.auditRecorded(
          tx,
          auditOf(
            ctx,
            { action: AuditAction.EMAIL_VERIFIED, userId: current.id, userEmail: current.email, resourceType: 'ACCOUNT', resourceId: current.id },
            deps.now(),
          ),
        );
        return updated;
      });
      return { email: account.email, status: account.status };
    },
  };
}
