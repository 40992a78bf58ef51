import { startConsumer, type JetStreamClient, type MessagingNames, type RunningConsumer } from '@platform/messaging';
import { eventsV1 } from '@platform/proto';
import type { Logger } from '@platform/telemetry';
import type { Registry } from 'prom-client';
import { parseVersion } from '../domain/projection-version';
import { refreshKnownAccount } from '../store/accounts';
import type { OrganisationDb, Tx } from '../store/db';
import { refreshListColumns } from '../store/memberships';

export const ACCOUNT_UPDATED = 'identity.account.updated';

export interface AccountConsumerDeps {
  js: JetStreamClient;
  names: MessagingNames;
  schema: string;
  db: OrganisationDb;
  logger: Logger;
  metrics?: Registry;
}

/**
 * Keeps the account projection (email, names, account status) and the member-list columns in step
 * with identity. An update older than what the projection holds is ignored; the membership name
 * overrides of each organisation are kept.
 */
export function consumeAccountUpdates(deps: AccountConsumerDeps): Promise<RunningConsumer> {
  return startConsumer<Tx>({
    js: deps.js,
    stream: deps.names.stream,
    durable: 'organisation-account-updated',
    filterSubjects: [deps.names.filter(ACCOUNT_UPDATED)],
    schema: deps.schema,
    withTransaction: (work) => deps.db.$transaction(work),
    logger: deps.logger,
    metrics: deps.metrics,
    handle: async ({ data, tx }) => {
      const update = eventsV1.AccountUpdated.decode(data);
      const account = await refreshKnownAccount(tx, {
        id: update.accountId,
        email: update.email,
        firstName: update.firstName,
        lastName: update.lastName,
        status: update.status,
        version: parseVersion(update.occurredAt, new Date()),
      });
      if (account) await refreshListColumns(tx, account.id, account);
    },
  });
}
