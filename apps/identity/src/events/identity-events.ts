import type { SecretBox } from '@platform/crypto';
import { writeOutbox, type MessagingNames } from '@platform/messaging';
import { eventsCommonV1, eventsV1 } from '@platform/proto';
import type { Tx } from '../store/db';
import type { Account } from '../store/generated/client';

export const SUBJECTS = {
  userRegistered: 'identity.user.registered',
  sessionRevoked: 'identity.session.revoked',
  accountUpdated: 'identity.account.updated',
  passwordResetRequested: 'identity.password.reset-requested',
  passwordChanged: 'identity.password.changed',
  auditRecorded: 'audit.recorded',
} as const;

/** What an audit entry says; who and where (IP, user agent) come from the call. */
export interface AuditFacts {
  action: string;
  userId?: string;
  userEmail?: string;
  organizationId?: string;
  resourceType?: string;
  resourceId?: string;
  ipAddress?: string;
  userAgent?: string;
  detail?: Record<string, unknown>;
  occurredAt: Date;
}

type AccountFacts = Pick<Account, 'id' | 'email' | 'firstName' | 'lastName' | 'status' | 'updatedAt'>;

/** The events identity publishes, each written to the outbox in the caller's transaction. */
export interface IdentityEvents {
  userRegistered(tx: Tx, event: { account: Account; verificationToken: string }): Promise<void>;
  sessionRevoked(tx: Tx, event: { accountId: string; sessionId: string; reason: string; revokedAt: Date }): Promise<void>;
  /** The account's person fields or status changed (version: its updatedAt). */
  accountUpdated(tx: Tx, account: AccountFacts): Promise<void>;
  passwordResetRequested(tx: Tx, event: { account: AccountFacts; code: string; expiresAt: Date; resend: boolean; occurredAt: Date }): Promise<void>;
  passwordChanged(tx: Tx, event: { accountId: string; email: string; via: 'RESET' | 'CHANGE'; occurredAt: Date }): Promise<void>;
  auditRecorded(tx: Tx, facts: AuditFacts): Promise<void>;
}

export function outboxEvents(schema: string, names: MessagingNames, secrets: SecretBox): IdentityEvents {
  const write = (tx: Tx, subject: string, payload: Uint8Array) => writeOutbox(tx, schema, { subject: names.subject(subject), payload }).then(() => undefined);
  return {
    async userRegistered(tx, { account, verificationToken }) {
      const payload = eventsV1.UserRegistered.encode({
        accountId: account.id,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        verificationToken: { ciphertext: secrets.seal(verificationToken) },
        occurredAt: account.createdAt.toISOString(),
      }).finish();
      await write(tx, SUBJECTS.userRegistered, payload);
    },

    async sessionRevoked(tx, { accountId, sessionId, reason, revokedAt }) {
      const payload = eventsV1.SessionRevoked.encode({
        accountId,
        sessionId,
        reason,
        revokedAt: String(Math.floor(revokedAt.getTime() / 1000)),
      }).finish();
      await write(tx, SUBJECTS.sessionRevoked, payload);
    },

    async accountUpdated(tx, account) {
      const payload = eventsV1.AccountUpdated.encode({
        accountId: account.id,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        status: account.status,
        occurredAt: account.updatedAt.toISOString(),
      }).finish();
      await write(tx, SUBJECTS.accountUpdated, payload);
    },

    async passwordResetRequested(tx, { account, code, expiresAt, resend, occurredAt }) {
      const payload = eventsV1.PasswordResetRequested.encode({
        accountId: account.id,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        code: { ciphertext: secrets.seal(code) },
        expiresAt: expiresAt.toISOString(),
        resend,
        occurredAt: occurredAt.toISOString(),
      }).finish();
      await write(tx, SUBJECTS.passwordResetRequested, payload);
    },

    async passwordChanged(tx, { accountId, email, via, occurredAt }) {
      const payload = eventsV1.PasswordChanged.encode({ accountId, email, via, occurredAt: occurredAt.toISOString() }).finish();
      await write(tx, SUBJECTS.passwordChanged, payload);
    },

    async auditRecorded(tx, facts) {
      const payload = eventsCommonV1.AuditRecorded.encode({
        userId: facts.userId ?? '',
        userEmail: facts.userEmail ?? '',
        organizationId: facts.organizationId ?? '',
        action: facts.action,
        resourceType: facts.resourceType ?? '',
        resourceId: facts.resourceId ?? '',
        ipAddress: facts.ipAddress ?? '',
        userAgent: facts.userAgent ?? '',
        occurredAt: facts.occurredAt.toISOString(),
        detailJson: facts.detail ? JSON.stringify(facts.detail) : '',
      }).finish();
      await write(tx, SUBJECTS.auditRecorded, payload);
    },
  };
}
