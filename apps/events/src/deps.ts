import type { Logger } from '@platform/telemetry';
import type { Accounts, Organisations } from './clients/ports';
import type { EventMessages } from './messages/event-messages';
import type { EventsDb } from './store/db';

/** What the handlers and workflows of the events service are given. */
export interface EventsDeps {
  db: EventsDb;
  logger: Logger;
  messages: EventMessages;
  accounts: Accounts;
  organisations: Organisations;
  now: () => Date;
}
