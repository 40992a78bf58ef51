import type { Request, Response } from 'express';
import type { ClientReadableStream } from '@grpc/grpc-js';
import type { ForwardedContext, GrpcClients } from '../grpc/grpc-clients';
import { openDownload } from '../grpc/stream-calls';
import { findField } from '../protos/message-schema';
import type { Route } from '../routing/route-table';
import { contentDisposition } from './content-disposition';
import { parseRangeHeader } from './range-header';

interface FileMetadata {
  contentType?: string;
  contentLength?: string;
  totalLength?: string;
  etag?: string;
  fileName?: string;
  partial?: boolean;
  rangeStart?: string;
  inline?: boolean;
}

interface FileChunk {
  metadata?: FileMetadata;
  data?: Buffer;
}

export interface DownloadDeps {
  grpc: GrpcClients;
  transferTimeoutMs: number;
}

/**
 * A download from a server-streaming RPC of platform.files.v1.FileChunk: the first message gives
 * the headers (Content-Type, Content-Length, ETag, Content-Disposition, and for a range 206 with
 * Content-Range), the others are written as they come, paced by the client (no whole file held).
 * A `Range` header is passed to the RPC when its request has a `range` field. A failure before the
 * metadata is thrown (problem+json); after it, the connection is cut, since the status is sent.
 */
export async function forwardDownload(
  deps: DownloadDeps,
  route: Route,
  req: Request,
  res: Response,
  request: Record<string, unknown>,
  context: ForwardedContext,
): Promise<void> {
  const rangeField = findField(route.request, 'range');
  const range = rangeField?.type.kind === 'message' ? parseRangeHeader(req.get('range')) : undefined;
  if (rangeField && range) request[rangeField.name] = range;

  const stream = openDownload(
    deps.grpc,
    route.service.address,
    route.rpc.definition,
    request,
    context,
    deps.transferTimeoutMs,
  ) as ClientReadableStream<FileChunk>;
  res.on('close', () => {
    if (!res.writableFinished) stream.cancel();
  });
  const metadata = await firstMessage(stream);
  writeHead(res, metadata);

  await new Promise<void>((resolve) => {
    stream.on('data', (chunk: FileChunk) => {
      if (!chunk.data || chunk.data.length === 0) return;
      if (!res.write(chunk.data)) {
        stream.pause();
        res.once('drain', () => stream.resume());
      }
    });
    stream.on('end', () => {
      res.end();
      resolve();
    });
    stream.on('error', (err: unknown) => {
      res.locals['logger']?.warn?.({ err }, 'download failed after its headers were sent');
      res.destroy();
      resolve();
    });
    stream.resume();
  });
}

/** Waits for the metadata message; rejects with the service's error if the call fails first. */
function firstMessage(stream: ClientReadableStream<FileChunk>): Promise<FileMetadata> {
  return new Promise((resolve, reject) => {
    const onData = (chunk: FileChunk): void => {
      stream.pause();
      cleanup();
      if (!chunk.metadata) reject(new Error('the download stream did not start with its metadata'));
      else resolve(chunk.metadata);
    };
    const onError = (err: unknown): void => {
      cleanup();
      reject(err);
    };
    const onEnd = (): void => {
      cleanup();
      reject(new Error('the download stream ended before its metadata'));
    };
    const cleanup = (): void => {
      stream.off('data', onData);
      stream.off('error', onError);
      stream.off('end', onEnd);
    };
    stream.on('data', onData);
    stream.on('error', onError);
    stream.on('end', onEnd);
  });
}

function writeHead(res: Response, metadata: FileMetadata): void {
  const length = Number(metadata.contentLength ?? 0);
  const total = Number(metadata.totalLength ?? length);
  res.setHeader('Content-Type', metadata.contentType || 'application/octet-stream');
  res.setHeader('Content-Length', String(length));
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Cache-Control', 'private, no-store');
  if (metadata.etag) res.setHeader('ETag', metadata.etag);
  res.setHeader('Content-Disposition', contentDisposition(metadata.fileName ?? '', metadata.inline === true));
  if (metadata.partial) {
    const start = Number(metadata.rangeStart ?? 0);
    res.setHeader('Content-Range', `bytes ${start}-${start + length - 1}/${total}`);
    res.status(206);
  } else {
    res.status(200);
  }
  res.flushHeaders();
}
