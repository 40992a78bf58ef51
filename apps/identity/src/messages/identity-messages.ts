import { outboxAuditWriter, type AuditEntry } from '@platform/audit';
import type { SecretBox } from '@platform/crypto';
import { SUBJECTS, type ServiceOutbox } from '@platform/messaging';
import type { Tx } from '../store/db';
import type { Account } from '../store/generated/client';

type AccountFacts = Pick<Account, 'id' | 'email' | 'firstName' | 'lastName' | 'status' | 'updatedAt'>;

/** The messages identity publishes, each written to the outbox in the caller's transaction. */
export interface IdentityMessages {
  userRegistered(tx: Tx, event: { account: Account; verificationToken: string }): Promise<void>;
  sessionRevoked(tx: Tx, event: { accountId: string; sessionId: string; reason: string; revokedAt: Date }): Promise<void>;
  /** The account's person fields or status changed (version: its updatedAt). */
  accountUpdated(tx: Tx, account: AccountFacts): Promise<void>;
  passwordResetRequested(tx: Tx, event: { account: AccountFacts; code: string; expiresAt: Date; resend: boolean; occurredAt: Date }): Promise<void>;
  passwordChanged(tx: Tx, event: { accountId: string; email: string; via: 'RESET' | 'CHANGE'; occurredAt: Date }): Promise<void>;
  auditRecorded(tx: Tx, entry: AuditEntry): Promise<void>;
}

export function outboxMessages({ write }: ServiceOutbox, secrets: SecretBox): IdentityMessages {
  const audit = outboxAuditWriter(write);
  return {
    async userRegistered(tx, { account, verificationToken }) {
      await write(tx, SUBJECTS.userRegistered, {
        accountId: account.id,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        verificationToken: { ciphertext: secrets.seal(verificationToken) },
        occurredAt: account.createdAt.toISOString(),
      });
    },

    async sessionRevoked(tx, { accountId, sessionId, reason, revokedAt }) {
      await write(tx, SUBJECTS.sessionRevoked, { accountId, sessionId, reason, revokedAt: String(Math.floor(revokedAt.getTime() / 1000)) });
    },

    async accountUpdated(tx, account) {
      await write(tx, SUBJECTS.accountUpdated, {
        accountId: account.id,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        status: account.status,
        occurredAt: account.updatedAt.toISOString(),
      });
    },

    async passwordResetRequested(tx, { account, code, expiresAt, resend, occurredAt }) {
      await write(tx, SUBJECTS.passwordResetRequested, {
        accountId: account.id,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        code: { ciphertext: secrets.seal(code) },
        expiresAt: expiresAt.toISOString(),
        resend,
        occurredAt: occurredAt.toISOString(),
      });
    },

    async passwordChanged(tx, { accountId, email, via, occurredAt }) {
      await write(tx, SUBJECTS.passwordChanged, { accountId, email, via, occurredAt: occurredAt.toISOString() });
    },

    auditRecorded: (tx, entry) => audit.record(tx, entry),
  };
}
