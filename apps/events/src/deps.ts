import type { Logger } from '@platform/telemetry';
import type { Accounts, Organisations } from './clients/ports';
import type { EventEvents } from './events/event-events';
import type { EventsDb } from './store/db';

/** What the handlers and workflows of the events service are given. */
export interface EventsDeps {
  db: EventsDb;
  logger: Logger;
  events: EventEvents;
  accounts: Accounts;
  organisations: Organisations;
  now: () => Date;
}
