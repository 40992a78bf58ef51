import bcrypt from 'bcrypt';
import type { Logger } from '@platform/telemetry';
import { createAccount, findLiveAccountByEmail } from './store/accounts';
import type { IdentityDb } from './store/db';

/**
 * Makes sure the platform can be administered: when no account has the bootstrap email, a
 * SUPER_ADMIN system user is created with it. An existing account is never changed.
 */
export async function ensureBootstrapAdmin(db: IdentityDb, email: string, password: string, cost: number, logger: Logger): Promise<void> {
  if (await findLiveAccountByEmail(db, email)) return;
  await createAccount(db, {
    email,
    firstName: 'Platform',
    lastName: 'Administrator',
    passwordHash: await bcrypt.hash(password, cost),
    status: 'ACTIVE',
    userType: 'SYSTEM',
    systemRole: 'SUPER_ADMIN',
  });
  logger.info({ email }, 'created the bootstrap SUPER_ADMIN system user');
}
