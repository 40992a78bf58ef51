import { z } from 'zod';
import { isUniqueViolation } from '@platform/db';
import { email, personName, PlatformError, uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import { ensureAccounts } from '../app/ensure-accounts';
import type { IdentityDeps } from '../deps';
import { normaliseEmail } from '../domain/secrets';
import { createAccount, deleteUnusedAccount, findLiveAccount, findLiveAccountByEmail, findLiveAccounts } from '../store/accounts';
import { toAccountMessage } from './account-mapper';

type AccountHandlers = Pick<
  AsyncService<identityV1.IdentityServiceServer>,
  'getAccount' | 'batchGetAccounts' | 'ensureAccount' | 'ensureAccounts' | 'discardCreatedAccount' | 'getHealth' | 'getCurrentAccount'
>;

/** Entries one EnsureAccounts call takes (an import batch of the connector). */
const MAX_ENSURE_ACCOUNTS = 500;

const person = z.object({ email, firstName: personName, lastName: personName });

/** Internal account RPCs used by other services (service tokens only), and the public health. */
export function accountHandlers(deps: IdentityDeps): AccountHandlers {
  return {
    async getAccount(request) {
      const { accountId } = validate(z.object({ accountId: uuid }), request);
      const account = await findLiveAccount(deps.db, accountId);
      if (!account) throw PlatformError.notFound('Account');
      return toAccountMessage(account);
    },

    async batchGetAccounts(request) {
      const { accountIds } = validate(z.object({ accountIds: z.array(uuid).max(1000) }), request);
      const accounts = await findLiveAccounts(deps.db, accountIds);
      return { accounts: accounts.map(toAccountMessage) };
    },

    /** The account with this email, or a new one without a password (set later by password reset). */
    async ensureAccount(request) {
      const input = validate(z.object({ email, firstName: personName, lastName: personName }), request);
      const address = normaliseEmail(input.email);
      const existing = await findLiveAccountByEmail(deps.db, address);
      if (existing) return { account: toAccountMessage(existing), created: false };
      try {
        const created = await createAccount(deps.db, {
          email: address,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash: null,
          status: 'ACTIVE',
        });
        return { account: toAccountMessage(created), created: true };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const raced = await findLiveAccountByEmail(deps.db, address);
        if (!raced) throw err;
        return { account: toAccountMessage(raced), created: false };
      }
    },

    /** EnsureAccount for many: an entry that breaks the rules is answered with its error, the others still proceed. */
    async ensureAccounts(request) {
      validate(z.object({ accounts: z.array(z.unknown()).max(MAX_ENSURE_ACCOUNTS, `must hold at most ${MAX_ENSURE_ACCOUNTS} entries`) }), request);
      const entries = request.accounts.map((entry) => {
        const parsed = person.safeParse(entry);
        if (parsed.success) return { requested: entry.email, person: { ...parsed.data, email: normaliseEmail(parsed.data.email) } };
        return { requested: entry.email, error: parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ') };
      });
      const found = await ensureAccounts(
        deps.db,
        entries.flatMap((entry) => (entry.person ? [entry.person] : [])),
      );
      return {
        results: entries.map((entry) => {
          if (!entry.person) return { email: entry.requested, created: false, error: entry.error ?? 'invalid entry' };
          const ensured = found.get(entry.person.email);
          if (!ensured) return { email: entry.requested, created: false, error: 'the account was removed while it was being created; try again' };
          return { email: entry.requested, account: toAccountMessage(ensured.account), created: ensured.created, error: '' };
        }),
      };
    },

    async discardCreatedAccount(request) {
      const { accountId } = validate(z.object({ accountId: uuid }), request);
      await deleteUnusedAccount(deps.db, accountId);
      return {};
    },

    async getCurrentAccount(_request, ctx) {
      const account = ctx.caller ? await findLiveAccount(deps.db, ctx.caller.sub) : null;
      if (!account) throw PlatformError.notFound('Account');
      return toAccountMessage(account);
    },

    async getHealth() {
      return { status: 'UP' };
    },
  };
}
