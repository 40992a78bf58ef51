import type { ObjectStore } from '@platform/storage';
import type { StoreRef } from '../storage/object-stores';

/** A file streamed into storage: where it went, and what it turned out to be. */
export interface ReceivedFile {
  store: ObjectStore;
  ref: StoreRef;
  size: number;
  sha256: string;
  mimeType: string;
}

/** A remote file to copy into storage (the connector's copy-document-files and copy-images options). */
export interface RemoteFileCopyRequest {
  /** Where it goes (`objectKeyOf(organization, document)`). */
  key: string;
  /** The remote http(s) URL. */
  url: string;
  fileName: string;
  /** Bytes the copy may take at most (the upload limit, or what is left of the quota). */
  maxBytes: number;
  /** The types accepted (from the content) and how they are named in a refusal: the documents allow-list unless given. */
  accept?: (mime: string | undefined) => mime is string;
  what?: string;
}

/** The port through which an import copies a remote document's bytes into storage. */
export interface RemoteFileCopier {
  readonly available: boolean;
  /** Streams the remote file into the current store; answers what was stored (the caller records it). */
  copyRemoteFile(request: RemoteFileCopyRequest): Promise<ReceivedFile>;
}
