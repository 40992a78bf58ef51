import bcrypt from 'bcrypt';
import { isUniqueViolation } from '@platform/db';
import { PlatformError } from '@platform/errors';
import type { IdentityDeps } from '../deps';
import { assertPasswordRules } from '../domain/password-policy';
import { normaliseEmail, randomToken, sha256 } from '../domain/secrets';
import { createAccount, createEmailVerification, findLiveAccountByEmail } from '../store/accounts';
import type { Account } from '../store/generated/client';
import { readSettings } from '../store/system-settings';

export const EMAIL_VERIFICATION_SECONDS = 7 * 24 * 3600;

const emailTaken = (): PlatformError => PlatformError.conflict('An account with this email already exists');

/**
 * Public registration, when the settings allow it: a PENDING_VERIFICATION account, its email
 * verification token, and identity.user.registered (the verification mail), in one transaction.
 */
export async function registerAccount(deps: IdentityDeps, input: { email: string; password: string; firstName: string; lastName: string }): Promise<Account> {
  const { values } = await readSettings(deps.db);
  if (!values.allowPublicRegistration) throw PlatformError.forbidden('Public registration is disabled on this platform');
  const address = normaliseEmail(input.email);
  assertPasswordRules(input.password, address);
  if (await findLiveAccountByEmail(deps.db, address)) throw emailTaken();
  const passwordHash = await bcrypt.hash(input.password, deps.bcryptCost);
  const token = randomToken();
  try {
    return await deps.db.$transaction(async (tx) => {
      const created = await createAccount(tx, {
        email: address,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        status: 'PENDING_VERIFICATION',
      });
      const expiresAt = new Date(deps.now().getTime() + EMAIL_VERIFICATION_SECONDS * 1000);
      await createEmailVerification(tx, created.id, sha256(token), expiresAt);
      await deps.messages.userRegistered(tx, { account: created, verificationToken: token });
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}
