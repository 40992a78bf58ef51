import { status, type ServiceError } from '@grpc/grpc-js';
import { ERROR_VIOLATIONS_KEY, PlatformError, type FieldViolation } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { PlatformClient } from '@platform/grpc-server/service';
import type { identityV1 } from '@platform/proto';
import type { EnsuredAccount, Identity } from './ports';

const isStatus = (err: unknown, code: status): boolean => (err as Partial<ServiceError>)?.code === code;

/** The field violations identity put in the trailing metadata of an error. */
function violationsOf(err: ServiceError): FieldViolation[] {
  const [raw] = err.metadata?.get(ERROR_VIOLATIONS_KEY) ?? [];
  if (raw === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : raw);
    return Array.isArray(parsed) ? (parsed as FieldViolation[]) : [];
  } catch {
    return [];
  }
}

/** The audit history is an extra of a detail view: it may not hold the answer up for long. */
const AUDIT_HISTORY_TIMEOUT_MS = 2_000;
/** Entries identity's EnsureAccounts takes per call. */
const ENSURE_ACCOUNTS_MAX = 500;
/** One EnsureAccounts call writes up to 500 accounts: longer than the default deadline on a busy database (the parent's still bounds it). */
const ENSURE_ACCOUNTS_TIMEOUT_MS = 30_000;

/** Identity's internal RPCs, called with the organisation service's token. */
export function grpcIdentity(identity: PlatformClient<identityV1.IdentityServiceClient>): Identity {
  const { client } = identity;
  const options = (parent?: CallContext, timeoutMs?: number) => ({ parent, timeoutMs });
  return {
    async ensureAccount(input, parent) {
      try {
        const reply = await identity.call(client.ensureAccount, input, options(parent));
        if (!reply.account) throw new Error('identity answered EnsureAccount without an account');
        return { account: reply.account, created: reply.created };
      } catch (err) {
        // Identity checks the same field rules; its verdict on the person's fields is the client's 400.
        if (isStatus(err, status.INVALID_ARGUMENT)) throw PlatformError.validation([], (err as ServiceError).details);
        throw err;
      }
    },
    async ensureAccounts(people, parent) {
      const answers: EnsuredAccount[] = [];
      for (let start = 0; start < people.length; start += ENSURE_ACCOUNTS_MAX) {
        const accounts = people.slice(start, start + ENSURE_ACCOUNTS_MAX).map(({ email, firstName, lastName }) => ({ email, firstName, lastName }));
        const reply = await identity.call(client.ensureAccounts, { accounts }, options(parent, ENSURE_ACCOUNTS_TIMEOUT_MS));
        if (reply.results.length !== accounts.length)
          throw new Error(`identity answered EnsureAccounts with ${reply.results.length} results for ${accounts.length} entries`);
        for (const result of reply.results) {
          answers.push(
            result.account && !result.error ? { account: result.account, created: result.created } : new Error(result.error || 'identity answered no account'),
          );
        }
      }
      return answers;
    },
    async activateAccount(input, parent) {
      try {
        return await identity.call(client.activateAccount, input, options(parent));
      } catch (err) {
        if (isStatus(err, status.FAILED_PRECONDITION)) return undefined;
        // The password policy's verdict (field password) is the client's 400.
        if (isStatus(err, status.INVALID_ARGUMENT)) throw PlatformError.validation(violationsOf(err as ServiceError), (err as ServiceError).details);
        throw err;
      }
    },
    async discardCreatedAccount(accountId, parent) {
      await identity.call(client.discardCreatedAccount, { accountId }, options(parent));
    },
    async getAccount(accountId, parent) {
      try {
        return await identity.call(client.getAccount, { accountId }, options(parent));
      } catch (err) {
        if (isStatus(err, status.NOT_FOUND)) return undefined;
        throw err;
      }
    },
    readSystemSettings: (parent) => identity.call(client.readSystemSettings, {}, options(parent)),
    async listRecentAuditEntries(userId, limit, parent) {
      const reply = await identity.call(client.listRecentAuditEntries, { userId, limit }, options(parent, AUDIT_HISTORY_TIMEOUT_MS));
      return reply.entries;
    },
  };
}
