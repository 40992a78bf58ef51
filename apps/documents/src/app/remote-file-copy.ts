import { PlatformError, ErrorCode } from '@platform/errors';

/** A remote file to copy into storage (the connector's copy-document-files option). */
export interface RemoteFileCopyRequest {
  organizationId: string;
  /** The remote http(s) URL. */
  url: string;
  /** Bytes the copy may take at most. */
  maxBytes: number;
  timeoutMs: number;
}

/**
 * The port through which an import copies a remote document's bytes into storage. The copy must go
 * through the platform's outbound-destination guard (issue #14: no loopback, private or metadata
 * addresses, redirects re-checked), which is being built in libs/platform; until it lands, the
 * service is wired with `remoteCopyPending`, and imports record the remote URL only.
 */
export interface RemoteFileCopier {
  readonly available: boolean;
  /** Streams the remote file into the current store; answers what was stored. */
  copyRemoteFile(request: RemoteFileCopyRequest): Promise<{ objectKey: string; size: number; mimeType: string; sha256: string }>;
}

/** PENDING (docs/decisions.md, Documents service): no copy until the outbound guard exists. */
export const remoteCopyPending: RemoteFileCopier = {
  available: false,
  copyRemoteFile: () =>
    Promise.reject(
      new PlatformError(ErrorCode.FAILED_PRECONDITION, 'Copying remote files into storage is not available yet: the remote URL is recorded instead'),
    ),
};
