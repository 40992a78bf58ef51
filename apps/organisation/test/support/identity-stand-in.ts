import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import type { TokenSigner } from '@platform/auth';
import { identityV1 } from '@platform/proto';
import { fakeGrpcService, grpcError, type FakeGrpcService } from '@platform/testing';

/** Identity as the organisation service sees it: accounts, system settings and recent audit entries, for service tokens only. */
export interface IdentityStandIn extends FakeGrpcService<typeof identityV1.IdentityServiceService> {
  /** Accounts by id. */
  accounts: Map<string, identityV1.Account>;
  /** Ids passed to DiscardCreatedAccount (and removed when they had been created here). */
  discarded: string[];
  /** An existing account, as if registered earlier. */
  addAccount(fields: Partial<identityV1.Account> & { email: string }): identityV1.Account;
  /** What ReadSystemSettings answers: identity's defaults until a test changes a field. */
  settings: identityV1.SystemSettings;
  /** Records an audit entry as identity's audit consumer would (newest last), answering it. */
  addAuditEntry(fields: Partial<identityV1.AuditLogEntry> & { userId: string; action: string }): identityV1.AuditLogEntry;
}

export async function startIdentityStandIn(signer: TokenSigner): Promise<IdentityStandIn> {
  const accounts = new Map<string, identityV1.Account>();
  const created = new Set<string>();
  const discarded: string[] = [];
  const auditEntries: identityV1.AuditLogEntry[] = [];
  // Identity's defaults (apps/identity/src/domain/system-settings.ts).
  const settings: identityV1.SystemSettings = {
    allowPublicRegistration: true,
    maxOrganisationsPerUser: 10,
    defaultStorageProvider: 'local',
    tokenRotationStrategy: 'CREATE_NEW',
    maxActiveTokensPerUser: 5,
    secrets: {},
    configuredSecrets: [],
  };
  const addAccount = (fields: Partial<identityV1.Account> & { email: string }): identityV1.Account => {
    const now = new Date().toISOString();
    const account: identityV1.Account = {
      id: randomUUID(),
      username: fields.email,
      firstName: 'First',
      lastName: 'Last',
      displayName: '',
      status: 'ACTIVE',
      userType: 'ORGANIZATION',
      systemRole: '',
      emailVerified: false,
      hasPassword: false,
      createdAt: now,
      updatedAt: now,
      ...fields,
    };
    accounts.set(account.id, account);
    return account;
  };

  const fake = await fakeGrpcService(
    identityV1.IdentityServiceService,
    {
      ensureAccount: (req) => {
        const email = req.email.trim().toLowerCase();
        const existing = [...accounts.values()].find((a) => a.email === email);
        if (existing) return { account: existing, created: false };
        const account = addAccount({ email, firstName: req.firstName, lastName: req.lastName });
        created.add(account.id);
        return { account, created: true };
      },
      // Like identity: one answer per entry in order, `created` on every entry of an address this call created.
      ensureAccounts: (req) => {
        const createdNow = new Set<string>();
        const results = req.accounts.map((entry) => {
          const email = entry.email.trim().toLowerCase();
          const existing = [...accounts.values()].find((a) => a.email === email);
          if (existing) return { email: entry.email, account: existing, created: createdNow.has(existing.id), error: '' };
          const account = addAccount({ email, firstName: entry.firstName, lastName: entry.lastName });
          created.add(account.id);
          createdNow.add(account.id);
          return { email: entry.email, account, created: true, error: '' };
        });
        return { results };
      },
      // Like identity: the first password only (FAILED_PRECONDITION after), at least 8 characters, email verified.
      activateAccount: (req) => {
        const account = accounts.get(req.accountId);
        if (!account) throw grpcError(status.NOT_FOUND, 'Account not found');
        if (account.hasPassword) throw grpcError(status.FAILED_PRECONDITION, 'The account already has a password');
        if (req.password.length < 8) throw grpcError(status.INVALID_ARGUMENT, 'Invalid password: must be at least 8 characters long');
        const activated: identityV1.Account = {
          ...account,
          hasPassword: true,
          emailVerified: true,
          firstName: req.firstName || account.firstName,
          lastName: req.lastName || account.lastName,
          updatedAt: new Date().toISOString(),
        };
        accounts.set(activated.id, activated);
        created.delete(activated.id);
        return activated;
      },
      discardCreatedAccount: (req) => {
        discarded.push(req.accountId);
        if (created.delete(req.accountId)) accounts.delete(req.accountId);
        return {};
      },
      getAccount: (req) => {
        const account = accounts.get(req.accountId);
        if (!account) throw grpcError(status.NOT_FOUND, 'Account not found');
        return account;
      },
      readSystemSettings: () => settings,
      // Like identity: newest first, limit 0 means 20, at most 100.
      listRecentAuditEntries: (req) => {
        if (req.limit > 100) throw grpcError(status.INVALID_ARGUMENT, 'limit: must be at most 100');
        return {
          entries: auditEntries
            .filter((e) => e.userId === req.userId)
            .reverse()
            .slice(0, req.limit || 20),
        };
      },
    },
    { serviceToken: signer },
  );
  return Object.assign(fake, {
    accounts,
    discarded,
    addAccount,
    settings,
    addAuditEntry(fields: Partial<identityV1.AuditLogEntry> & { userId: string; action: string }) {
      const entry: identityV1.AuditLogEntry = { id: randomUUID(), createdAt: new Date().toISOString(), ...fields };
      auditEntries.push(entry);
      return entry;
    },
  });
}
