import type { Logger } from '@platform/telemetry';
import type { ContentDb } from './store/db';

/** What the handlers and workflows of the content service are given. */
export interface ContentDeps {
  db: ContentDb;
  logger: Logger;
}
