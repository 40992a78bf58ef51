import bcrypt from 'bcrypt';
import { z } from 'zod';
import { ErrorCode, PlatformError, uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import type { IdentityDeps } from '../deps';
import { statusAfterEmailVerified } from '../domain/account-status';
import { passwordViolations } from '../domain/password-policy';
import { lockAccount } from '../store/accounts';
import { toAccountMessage } from './account-mapper';

const name = z.string().trim().max(100, 'must be at most 100 characters');
const activateInput = z.object({ accountId: uuid, password: z.string(), firstName: name, lastName: name });

/**
 * Internal: the organisation service activates an account it made for an invitation (or a join
 * request) when the person accepts: first password, names, email verified. Never replaces a
 * password: an account that has one answers FAILED_PRECONDITION.
 */
export function accountActivationHandlers(deps: IdentityDeps): Pick<AsyncService<identityV1.IdentityServiceServer>, 'activateAccount'> {
  return {
    async activateAccount(request) {
      const input = validate(activateInput, request);
      const before = await deps.db.account.findFirst({ where: { id: input.accountId, deletedAt: null } });
      if (!before) throw PlatformError.notFound('Account');
      const violations = passwordViolations(input.password, before.email);
      const [first] = violations;
      if (first) throw PlatformError.validation(violations, `Invalid password: ${first.message}`);
      // Hashed outside the transaction: bcrypt is slow and the row lock should be short.
      const passwordHash = await bcrypt.hash(input.password, deps.bcryptCost);
      const updated = await deps.db.$transaction(async (tx) => {
        const current = await lockAccount(tx, input.accountId);
        if (!current) throw PlatformError.notFound('Account');
        if (current.passwordHash !== null) throw new PlatformError(ErrorCode.FAILED_PRECONDITION, 'The account already has a password');
        const now = deps.now();
        const changed = await tx.account.update({
          where: { id: current.id },
          data: {
            passwordHash,
            passwordChangedAt: now,
            emailVerifiedAt: current.emailVerifiedAt ?? now,
            status: statusAfterEmailVerified(current.status),
            ...(input.firstName ? { firstName: input.firstName } : {}),
            ...(input.lastName ? { lastName: input.lastName } : {}),
          },
        });
        await deps.events.accountUpdated(tx, changed);
        return changed;
      });
      return toAccountMessage(updated);
    },
  };
}
