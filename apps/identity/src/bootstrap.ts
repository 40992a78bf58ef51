import bcrypt from 'bcrypt';
import { isUniqueViolation } from '@platform/db';
import type { Logger } from '@platform/telemetry';
import { createAccount, findLiveAccountByEmail } from './store/accounts';
import type { IdentityDb } from './store/db';

/**
 * Makes sure the platform can be administered: when no account has the bootstrap email, a
 * SUPER_ADMIN system user is created with it. An existing account is never changed.
 */
export async function ensureBootstrapAdmin(db: IdentityDb, email: string, password: string, cost: number, logger: Logger): Promise<void> {
  if (await findLiveAccountByEmail(db, email)) return;
  try {
    await createAccount(db, {
      email,
      firstName: 'Platform',
      lastName: 'Administrator',
      passwordHash: await bcrypt.hash(password, cost),
      status: 'ACTIVE',
      userType: 'SYSTEM',
      systemRole: 'SUPER_ADMIN',
    });
  } catch (err) {
    // Replicas starting together: another one created it first, which is all we wanted.
    if (isUniqueViolation(err)) return;
    throw err;
  }
  logger.info({ email }, 'created the bootstrap SUPER_ADMIN system user');
}
