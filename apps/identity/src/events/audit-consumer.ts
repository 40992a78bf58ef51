import { startConsumer, type JetStreamClient, type MessagingNames, type RunningConsumer } from '@platform/messaging';
import { eventsCommonV1 } from '@platform/proto';
import type { Logger } from '@platform/telemetry';
import type { Registry } from 'prom-client';
import { auditRowFrom } from '../domain/audit-entry';
import { findLiveAccount, findLiveAccountByEmail } from '../store/accounts';
import { appendAuditRow } from '../store/audit-log';
import type { IdentityDb, Tx } from '../store/db';
import { SUBJECTS } from './identity-events';

export interface AuditConsumerDeps {
  js: JetStreamClient;
  names: MessagingNames;
  schema: string;
  db: IdentityDb;
  logger: Logger;
  metrics?: Registry;
}

/**
 * Stores every service's `audit.recorded` events in the audit table, each once: the message id
 * (the producer's outbox id) is recorded with the row, in the same transaction. An entry with an
 * email but no user id gets the id of the account with that email, and one with an id but no
 * email gets the account's email.
 */
export function consumeAuditEvents(deps: AuditConsumerDeps): Promise<RunningConsumer> {
  return startConsumer<Tx>({
    js: deps.js,
    stream: deps.names.stream,
    durable: 'identity-audit',
    filterSubjects: [deps.names.filter(SUBJECTS.auditRecorded)],
    schema: deps.schema,
    withTransaction: (work) => deps.db.$transaction(work),
    logger: deps.logger,
    metrics: deps.metrics,
    handle: async ({ data, messageId, tx }) => {
      let event: eventsCommonV1.AuditRecorded;
      try {
        event = eventsCommonV1.AuditRecorded.decode(data);
      } catch (err) {
        deps.logger.error({ err, messageId }, 'dropping an undecodable audit.recorded event');
        return;
      }
      const row = auditRowFrom(event, messageId, new Date());
      // Producers that know only the address (the gateway's LOGIN_LOCKED) still land in the
      // account's history.
      if (!row.userId && row.userEmail) row.userId = (await findLiveAccountByEmail(tx, row.userEmail))?.id ?? null;
      // And those that know only the id (system users' tokens carry no email) still show who it was.
      if (row.userId && !row.userEmail) row.userEmail = (await findLiveAccount(tx, row.userId))?.email ?? row.userEmail;
      await appendAuditRow(tx, row);
    },
  });
}
