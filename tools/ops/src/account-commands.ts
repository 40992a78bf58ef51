import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { lockoutKeys } from '@platform/auth';
import { auditPayload } from '@platform/audit';
import { publishDirect, SUBJECTS, type JetStreamClient, type MessagingNames } from '@platform/messaging';
import type { RedisConnection } from '@platform/redis';

/** Who ran an operator command, for its audit entry: the shell user, or OPS_OPERATOR when set. */
export const operatorName = (): string => process.env['OPS_OPERATOR'] || userInfo().username;

/**
 * `unlock <email>`: clears the account's login lockout in the gateway's Redis (what a password reset
 * does), and records LOGIN_UNLOCKED in the audit log as the API records its actions. Answers one line.
 */
export async function unlockAccount(
  redis: RedisConnection,
  keyPrefix: string,
  audit: { js: JetStreamClient; names: MessagingNames },
  email: string,
  operator = operatorName(),
): Promise<string> {
  const removed = await redis.del(...lockoutKeys(keyPrefix, email));
  const address = email.trim().toLowerCase();
  await publishDirect(
    audit.js,
    audit.names.subject(SUBJECTS.auditRecorded),
    auditPayload({
      action: 'LOGIN_UNLOCKED',
      userEmail: address,
      resourceType: 'ACCOUNT',
      userAgent: 'platform-ops',
      detail: { by: operator, via: 'ops-cli', wasLocked: removed > 0 },
      occurredAt: new Date(),
    }),
    { msgId: randomUUID() },
  );
  return removed > 0 ? `${address}: unlocked` : `${address}: was not locked (recorded anyway)`;
}
