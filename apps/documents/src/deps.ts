import type { Logger } from '@platform/telemetry';
import type { DocumentsDb } from './store/db';

/** What the handlers and workflows of the documents service are given. */
export interface DocumentsDeps {
  db: DocumentsDb;
  logger: Logger;
}
