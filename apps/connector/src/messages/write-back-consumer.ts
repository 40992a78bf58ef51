import { messageConsumer, SUBJECTS, type MessageConsumer } from '@platform/messaging';
import { connectorOffset, writeBackChange } from '../app/write-back';
import type { ConnectorDeps } from '../deps';
import { eventSiteUpdate, memberSiteUpdate } from '../domain/write-back';
import type { Tx } from '../store/db';

const mappingsOf = (connector: { fieldMappings: unknown }) => (connector.fieldMappings ?? {}) as Record<string, string>;

/**
 * Write-back: an administrator's change of a member's profile (organisation) or of an event
 * (events) goes to the legacy sites the record came from. Imports publish neither message, so a
 * change that came from a site never goes back to it. A write-back holds its record's links locked
 * while its one PUT runs: its transaction may last `putTimeoutMs` and some.
 */
export function writeBackConsumer(deps: ConnectorDeps, putTimeoutMs: number): MessageConsumer<Tx> {
  return messageConsumer({
    durable: 'connector-write-back',
    subjects: [SUBJECTS.memberProfileChanged, SUBJECTS.eventUpdated],
    transactionTimeoutMs: putTimeoutMs + 5_000,
    handle: async (message) => {
      switch (message.subject) {
        case SUBJECTS.memberProfileChanged: {
          const { event, tx } = message;
          const profile = event.profile;
          // Published before write-back existed: without the values there is nothing to send.
          if (!profile) return;
          return writeBackChange(deps, tx, {
            entity: 'MEMBERS',
            organizationId: event.organizationId,
            platformId: event.accountId,
            occurredAt: event.occurredAt,
            updateFor: (connector) => memberSiteUpdate(event.changedFields, profile, mappingsOf(connector)),
          });
        }
        case SUBJECTS.eventUpdated: {
          const { event, tx } = message;
          const details = event.event;
          if (!details) return;
          return writeBackChange(deps, tx, {
            entity: 'EVENTS',
            organizationId: event.organizationId,
            platformId: event.eventId,
            occurredAt: event.occurredAt,
            updateFor: (connector) => eventSiteUpdate(event.changedFields, details, connectorOffset(connector), mappingsOf(connector)),
          });
        }
        default: {
          const unreachable: never = message;
          throw new Error(`unexpected subject ${String((unreachable as { subject: string }).subject)}`);
        }
      }
    },
  });
}
