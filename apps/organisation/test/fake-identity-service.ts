import { randomUUID } from 'node:crypto';
import { Server, ServerCredentials, status, type sendUnaryData, type ServerUnaryCall, type ServiceError, type UntypedServiceImplementation } from '@grpc/grpc-js';
import type { TokenSigner } from '@platform/auth';
import { identityV1 } from '@platform/proto';

type FailingMethod = 'ensureAccount' | 'getAccount' | 'discardCreatedAccount' | 'readSystemSettings' | 'listRecentAuditEntries';

export interface FakeIdentityService {
  address: string;
  /** Accounts by id. */
  accounts: Map<string, identityV1.Account>;
  /** Ids passed to DiscardCreatedAccount (and removed when they had been created here). */
  discarded: string[];
  /** The next call of the method fails with this gRPC status. */
  failNext(method: FailingMethod, code: status): void;
  /** An existing account, as if registered earlier. */
  addAccount(fields: Partial<identityV1.Account> & { email: string }): identityV1.Account;
  /** Changes an account as identity would (new updatedAt), answering it. */
  updateAccount(id: string, changes: Partial<identityV1.Account>): identityV1.Account;
  /** What ReadSystemSettings answers: identity's defaults until a test changes a field. */
  settings: identityV1.SystemSettings;
  /** Records an audit entry as identity's audit consumer would (newest last), answering it. */
  addAuditEntry(fields: Partial<identityV1.AuditLogEntry> & { userId: string; action: string }): identityV1.AuditLogEntry;
  /** The ListRecentAuditEntries requests received. */
  auditRequests: identityV1.ListRecentAuditEntriesRequest[];
  stop(): Promise<void>;
}

/** Identity's default settings (apps/identity/src/domain/system-settings.ts). */
const DEFAULT_SETTINGS: identityV1.SystemSettings = {
  allowPublicRegistration: true,
  maxOrganisationsPerUser: 10,
  defaultStorageProvider: 'local',
  tokenRotationStrategy: 'CREATE_NEW',
  maxActiveTokensPerUser: 5,
  secrets: {},
  configuredSecrets: [],
};

const unimplemented = (_call: unknown, callback: sendUnaryData<never>) =>
  callback({ code: status.UNIMPLEMENTED, details: 'not in the fake identity service' } as ServiceError, null);

/**
 * A small real gRPC server speaking platform.identity.v1.IdentityService (the internal RPCs the
 * organisation service calls: accounts, system settings, recent audit entries), checking service
 * tokens like identity does. Apps never
 * import each other, so the organisation tests run against this instead of identity itself.
 */
export async function startFakeIdentityService(signer: TokenSigner): Promise<FakeIdentityService> {
  const accounts = new Map<string, identityV1.Account>();
  const created = new Set<string>();
  const discarded: string[] = [];
  const failures = new Map<FailingMethod, status>();
  const auditEntries: identityV1.AuditLogEntry[] = [];
  const auditRequests: identityV1.ListRecentAuditEntriesRequest[] = [];
  const settings: identityV1.SystemSettings = { ...DEFAULT_SETTINGS };

  const makeAccount = (fields: Partial<identityV1.Account> & { email: string }): identityV1.Account => {
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

  /** Runs an RPC after the checks identity makes: a service token, and an injected failure if any. */
  const rpc =
    <Req, Res>(method: FailingMethod, handle: (request: Req) => Res) =>
    (call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>) => {
      const header = call.metadata.get('authorization')[0]?.toString() ?? '';
      try {
        const claims = signer.verifyAccess(header.replace(/^Bearer /i, ''));
        if (!claims.service) return callback({ code: status.PERMISSION_DENIED, details: 'service token required' } as ServiceError, null);
      } catch {
        return callback({ code: status.UNAUTHENTICATED, details: 'service token required' } as ServiceError, null);
      }
      const failure = failures.get(method);
      if (failure !== undefined) {
        failures.delete(method);
        return callback({ code: failure, details: `injected ${method} failure` } as ServiceError, null);
      }
      try {
        callback(null, handle(call.request));
      } catch (err) {
        callback(err as ServiceError, null);
      }
    };

  // Every other RPC of identity answers UNIMPLEMENTED.
  const impl: UntypedServiceImplementation = Object.fromEntries(Object.keys(identityV1.IdentityServiceService).map((name) => [name, unimplemented]));
  Object.assign(impl, {
    ensureAccount: rpc('ensureAccount', (req: identityV1.EnsureAccountRequest): identityV1.EnsureAccountResponse => {
      const email = req.email.trim().toLowerCase();
      const existing = [...accounts.values()].find((a) => a.email === email);
      if (existing) return { account: existing, created: false };
      const account = makeAccount({ email, firstName: req.firstName, lastName: req.lastName });
      created.add(account.id);
      return { account, created: true };
    }),
    discardCreatedAccount: rpc('discardCreatedAccount', (req: identityV1.DiscardCreatedAccountRequest): identityV1.DiscardCreatedAccountResponse => {
      discarded.push(req.accountId);
      if (created.delete(req.accountId)) accounts.delete(req.accountId);
      return {};
    }),
    getAccount: rpc('getAccount', (req: identityV1.GetAccountRequest): identityV1.Account => {
      const account = accounts.get(req.accountId);
      if (!account) throw { code: status.NOT_FOUND, details: 'Account not found' };
      return account;
    }),
    readSystemSettings: rpc('readSystemSettings', (): identityV1.SystemSettings => settings),
    // Like identity: newest first, limit 0 means 20, at most 100.
    listRecentAuditEntries: rpc('listRecentAuditEntries', (req: identityV1.ListRecentAuditEntriesRequest): identityV1.ListRecentAuditEntriesResponse => {
      auditRequests.push(req);
      if (req.limit > 100) throw { code: status.INVALID_ARGUMENT, details: 'limit: must be at most 100' };
      const entries = auditEntries.filter((e) => e.userId === req.userId).reverse();
      return { entries: entries.slice(0, req.limit || 20) };
    }),
  });

  const server = new Server();
  server.addService(identityV1.IdentityServiceService, impl);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return {
    address: `127.0.0.1:${port}`,
    accounts,
    discarded,
    failNext: (method, code) => failures.set(method, code),
    addAccount: (fields) => makeAccount(fields),
    updateAccount(id, changes) {
      const current = accounts.get(id);
      if (!current) throw new Error(`no account ${id}`);
      const updated = { ...current, ...changes, updatedAt: new Date(Math.max(Date.now(), Date.parse(current.updatedAt) + 1)).toISOString() };
      accounts.set(id, updated);
      return updated;
    },
    settings,
    addAuditEntry(fields) {
      const entry: identityV1.AuditLogEntry = { id: randomUUID(), createdAt: new Date().toISOString(), ...fields };
      auditEntries.push(entry);
      return entry;
    },
    auditRequests,
    stop: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  };
}
