import type { Logger } from '@platform/telemetry';
import type { EventsDb } from './store/db';

/** What the handlers and workflows of the events service are given. */
export interface EventsDeps {
  db: EventsDb;
  logger: Logger;
}
