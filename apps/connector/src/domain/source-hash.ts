import { createHash } from 'node:crypto';
import type { LogAction } from './progress';

/**
 * Bumped when a service starts to import the same record differently (a field it derives, a new
 * rule): every record is then sent once again, whatever its source.
 */
export const SOURCE_HASH_VERSION = 1;

/** The connector's settings that change what an import does with one mapped record. */
export interface HashedSettings {
  copyImages: boolean;
  copyDocumentFiles: boolean;
}

/**
 * The fingerprint of a mapped record as the connector sends it (before its images are copied).
 * The mappers build their records in a fixed key order, so their JSON is stable.
 */
export function sourceHash(record: unknown, settings: HashedSettings): string {
  const hashed = JSON.stringify([SOURCE_HASH_VERSION, settings.copyImages, settings.copyDocumentFiles, record]);
  return createHash('sha256').update(hashed).digest('base64url');
}

/**
 * FULL_SYNC and INCREMENTAL log a record the platform took unchanged since SKIP without sending
 * it; INITIAL_IMPORT sends every record.
 */
export const skipsUnchanged = (jobType: string): boolean => jobType !== 'INITIAL_IMPORT';

/**
 * The fingerprint to keep once the platform answered a sent record: the record's own when the
 * platform took it as sent (CREATE, UPDATE, or SKIP: its import state is now this record), none
 * after a CONFLICT (the platform kept its copy: the record goes again at the next sync and stays
 * a CONFLICT until the two agree) or when its image was not copied (tried again at the next sync).
 * A FAILED record writes no link, so the fingerprint of what the platform last took stays.
 */
export function hashToKeep(action: LogAction, hash: string, imageCopied: boolean): string | null {
  return (action === 'CREATE' || action === 'UPDATE' || action === 'SKIP') && imageCopied ? hash : null;
}
