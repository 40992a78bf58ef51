import type { Logger } from '@platform/telemetry';
import type { ContentMessages } from './messages/content-messages';
import type { ContentDb } from './store/db';

/** What the handlers and workflows of the content service are given by its wiring (main.ts). */
export interface ContentDeps {
  db: ContentDb;
  messages: ContentMessages;
  logger: Logger;
  now: () => Date;
}
