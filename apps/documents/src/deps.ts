import type { Logger } from '@platform/telemetry';
import type { ObjectStores } from './storage/object-stores';
import type { DocumentsDb } from './store/db';

export interface DocumentsSettings {
  maxUploadBytes: number;
  quotaBytes: number;
  signedUrlTtlSeconds: number;
}

/** What the handlers and workflows of the documents service are given. */
export interface DocumentsDeps {
  db: DocumentsDb;
  logger: Logger;
  stores: ObjectStores;
  settings: DocumentsSettings;
  /** Key of the download URL signatures (domain/signed-url.ts). */
  urlKey: Buffer;
  now: () => number;
}
