import bcrypt from 'bcrypt';
import { z } from 'zod';
import { isUniqueViolation } from '@platform/db';
import { email, personName, PlatformError, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import type { IdentityDeps } from '../deps';
import { passwordViolations } from '../domain/password-policy';
import { normaliseEmail, randomToken, sha256 } from '../domain/secrets';
import { createAccount, createEmailVerification, findLiveAccountByEmail } from '../store/accounts';
import { readSettings } from '../store/system-settings';
import { toAccountMessage } from './account-mapper';

export const EMAIL_VERIFICATION_SECONDS = 7 * 24 * 3600;

const registerInput = z.object({ email, password: z.string(), firstName: personName, lastName: personName });

const emailTaken = (): PlatformError => PlatformError.conflict('An account with this email already exists');

export function registerHandlers(deps: IdentityDeps): Pick<AsyncService<identityV1.IdentityServiceServer>, 'register'> {
  return {
    /** Creates a PENDING_VERIFICATION account and publishes identity.user.registered (the verification mail). */
    async register(request) {
      const input = validate(registerInput, request);
      const { values } = await readSettings(deps.db);
      if (!values.allowPublicRegistration) throw PlatformError.forbidden('Public registration is disabled on this platform');
      const address = normaliseEmail(input.email);
      const violations = passwordViolations(input.password, address);
      const [first] = violations;
      if (first) throw PlatformError.validation(violations, `Invalid password: ${first.message}`);
      if (await findLiveAccountByEmail(deps.db, address)) throw emailTaken();
      const passwordHash = await bcrypt.hash(input.password, deps.bcryptCost);
      const token = randomToken();
      try {
        const account = await deps.db.$transaction(async (tx) => {
          const created = await createAccount(tx, {
            email: address,
            firstName: input.firstName,
            lastName: input.lastName,
            passwordHash,
            status: 'PENDING_VERIFICATION',
          });
          const expiresAt = new Date(deps.now().getTime() + EMAIL_VERIFICATION_SECONDS * 1000);
          await createEmailVerification(tx, created.id, sha256(token), expiresAt);
          await deps.events.userRegistered(tx, { account: created, verificationToken: token });
          return created;
        });
        return toAccountMessage(account);
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
    },
  };
}
