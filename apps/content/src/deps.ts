import type { Logger } from '@platform/telemetry';
import type { ContentEvents } from './events/content-events';
import type { ContentDb } from './store/db';

/** What the handlers and workflows of the content service are given by its wiring (main.ts). */
export interface ContentDeps {
  db: ContentDb;
  events: ContentEvents;
  logger: Logger;
  now: () => Date;
}
