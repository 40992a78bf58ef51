import { startConsumer, type JetStreamClient, type MessagingNames, type RunningConsumer } from '@platform/messaging';
import { organisationEventsV1 } from '@platform/proto';
import type { Logger } from '@platform/telemetry';
import type { Registry } from 'prom-client';
import { projectionRow } from '../domain/membership-projection';
import type { NotificationsDb, Tx } from '../store/db';
import { applyMembership, endOrganisationMemberships } from '../store/member-projection';
import { SUBJECTS } from './subjects';

export interface MembershipConsumerDeps {
  js: JetStreamClient;
  names: MessagingNames;
  schema: string;
  db: NotificationsDb;
  logger: Logger;
  metrics?: Registry;
}

/**
 * Keeps the membership projection that notifications are addressed with: every membership's role
 * and status (organisation.membership.changed), every membership of a deleted organisation ended
 * (organisation.organisation.deleted). Starts with everything the stream holds.
 */
export function consumeMembershipEvents(deps: MembershipConsumerDeps): Promise<RunningConsumer> {
  return startConsumer<Tx>({
    js: deps.js,
    stream: deps.names.stream,
    durable: 'notifications-memberships',
    filterSubjects: [deps.names.filter(SUBJECTS.membershipChanged), deps.names.filter(SUBJECTS.organisationDeleted)],
    startAt: 'all',
    schema: deps.schema,
    withTransaction: (work) => deps.db.$transaction(work),
    logger: deps.logger,
    metrics: deps.metrics,
    handle: async ({ subject, data, messageId, tx }) => {
      const logical = deps.names.logical(subject);
      if (logical === SUBJECTS.organisationDeleted) {
        const event = organisationEventsV1.OrganisationDeleted.decode(data);
        const version = new Date(event.occurredAt);
        if (!Number.isNaN(version.getTime())) await endOrganisationMemberships(tx, event.organizationId, version);
        return;
      }
      const row = projectionRow(organisationEventsV1.MembershipChanged.decode(data));
      if (!row) {
        deps.logger.error({ messageId }, 'dropping a membership change without valid ids or time');
        return;
      }
      await applyMembership(tx, row);
    },
  });
}
