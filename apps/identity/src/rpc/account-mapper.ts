import type { identityV1 } from '@platform/proto';
import type { Account } from '../store/generated/client';

/** Account row → the Account message (never the password hash). */
export function toAccountMessage(account: Account): identityV1.Account {
  return {
    id: account.id,
    email: account.email,
    username: account.username,
    firstName: account.firstName,
    lastName: account.lastName,
    displayName: account.displayName ?? `${account.firstName} ${account.lastName}`.trim(),
    status: account.status,
    userType: account.userType,
    systemRole: account.systemRole ?? '',
    emailVerified: account.emailVerifiedAt !== null,
    hasPassword: account.passwordHash !== null,
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
  };
}
