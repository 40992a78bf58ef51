import bcrypt from 'bcrypt';
import { auditOf } from '@platform/audit';
import { isUniqueViolation } from '@platform/db';
import { PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { IdentityDeps } from '../deps';
import { AuditAction } from '../domain/audit-entry';
import { assertPasswordRules } from '../domain/password-policy';
import { normaliseEmail } from '../domain/secrets';
import type { SystemRole } from '@platform/auth';
import { createAccount, findLiveAccountByEmail } from '../store/accounts';
import type { Account } from '../store/generated/client';

const emailTaken = (): PlatformError => PlatformError.conflict('An account with this email already exists');

/**
 * A platform staff account, ACTIVE at once and audited (SYSTEM_USER_CREATED) in one transaction;
 * with no password ("") the person sets one through the password-reset flow.
 */
export async function createSystemUser(
  deps: IdentityDeps,
  ctx: CallContext,
  input: { email: string; firstName: string; lastName: string; password: string; systemRole: SystemRole },
): Promise<Account> {
  const { systemRole } = input;
  const address = normaliseEmail(input.email);
  if (input.password !== '') assertPasswordRules(input.password, address);
  if (await findLiveAccountByEmail(deps.db, address)) throw emailTaken();
  const passwordHash = input.password === '' ? null : await bcrypt.hash(input.password, deps.bcryptCost);
  try {
    return await deps.db.$transaction(async (tx) => {
      const created = await createAccount(tx, {
        email: address,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        status: 'ACTIVE',
        userType: 'SYSTEM',
        systemRole,
      });
      await deps.messages.auditRecorded(
        tx,
        auditOf(
          ctx,
          {
            action: AuditAction.SYSTEM_USER_CREATED,
            userId: created.id,
            userEmail: created.email,
            resourceType: 'ACCOUNT',
            resourceId: created.id,
            detail: { systemRole },
          },
          deps.now(),
        ),
      );
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}
