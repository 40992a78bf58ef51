import type { Readable } from 'node:stream';

/** Where an object's bytes live; recorded with each object, so switching providers affects new objects only. */
export type StorageProvider = 'LOCAL' | 'S3';

export interface StoredObject {
  /** Bytes written. */
  size: number;
}

/** A byte range resolved against the object's size: first and last byte, inclusive. */
export interface ResolvedRange {
  start: number;
  end: number;
}

export interface ObjectRead {
  body: Readable;
  /** The whole object's size. */
  totalSize: number;
}

/**
 * An object store: keys are validated by `checkObjectKey` (no traversal ever reaches a provider),
 * bodies are streams (no whole object in memory).
 */
export interface ObjectStore {
  readonly provider: StorageProvider;
  /** Writes the stream under the key; a failed or aborted stream leaves no object behind. */
  put(key: string, body: Readable, contentType: string): Promise<StoredObject>;
  /** The object's bytes (a range of them when given), or undefined when there is no such object. */
  get(key: string, range?: ResolvedRange): Promise<ObjectRead | undefined>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  close(): Promise<void>;
}
