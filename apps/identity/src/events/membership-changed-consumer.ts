import { startConsumer, type JetStreamClient, type MessagingNames, type RunningConsumer } from '@platform/messaging';
import { organisationEventsV1 } from '@platform/proto';
import type { Logger } from '@platform/telemetry';
import type { Registry } from 'prom-client';
import { membershipChangeEndsSessions } from '../domain/membership-sessions';
import type { IdentityDb, Tx } from '../store/db';
import { liveSessionsInOrganisation, revokeSession } from '../store/sessions';
import type { IdentityEvents } from './identity-events';

export interface MembershipConsumerDeps {
  js: JetStreamClient;
  names: MessagingNames;
  schema: string;
  db: IdentityDb;
  events: IdentityEvents;
  logger: Logger;
  metrics?: Registry;
}

/** Ends an account's sessions in an organisation when its membership there ends or changes role. */
export function consumeMembershipChanges(deps: MembershipConsumerDeps): Promise<RunningConsumer> {
  return startConsumer<Tx>({
    js: deps.js,
    stream: deps.names.stream,
    durable: 'identity-membership-changed',
    filterSubjects: [deps.names.filter('organisation.membership.changed')],
    schema: deps.schema,
    withTransaction: (work) => deps.db.$transaction(work),
    logger: deps.logger,
    metrics: deps.metrics,
    handle: async ({ data, tx }) => {
      const change = organisationEventsV1.MembershipChanged.decode(data);
      if (!membershipChangeEndsSessions(change)) return;
      const now = new Date();
      for (const session of await liveSessionsInOrganisation(tx, change.accountId, change.organizationId)) {
        await revokeSession(tx, session.id, `MEMBERSHIP_${change.status}`, now);
        await deps.events.sessionRevoked(tx, { accountId: change.accountId, sessionId: session.id, reason: `MEMBERSHIP_${change.status}`, revokedAt: now });
      }
    },
  });
}
