import type { SecretBox } from '@platform/crypto';
import type { Logger } from '@platform/telemetry';
import type { RemoteFileCopier } from './clients/ports';
import type { ObjectStores, TargetSettings } from './storage/object-stores';
import type { DocumentsDb } from './store/db';

export interface DocumentsSettings {
  maxUploadBytes: number;
  /** The quota until a system admin saves another (5 GiB). */
  defaultQuotaBytes: number;
  signedUrlTtlSeconds: number;
  /** Time between an asset's replacement or deletion and the removal of its old bytes. */
  purgeGraceSeconds: number;
  /** The storage target of the environment (STORAGE_*), answered by GET until one is saved. */
  environmentTarget: TargetSettings;
}

/** What the handlers and workflows of the documents service are given. */
export interface DocumentsDeps {
  db: DocumentsDb;
  logger: Logger;
  stores: ObjectStores;
  settings: DocumentsSettings;
  /** Seals the storage secrets at rest (SECRETS_KEY). */
  secrets: SecretBox;
  /** Key of the download URL signatures (domain/signed-url.ts). */
  urlKey: Buffer;
  /** Copies a remote file into storage for the connector's copy-document-files option (pending). */
  remoteFiles: RemoteFileCopier;
  now: () => number;
}
