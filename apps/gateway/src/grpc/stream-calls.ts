import { Metadata, type ClientReadableStream, type ClientWritableStream, type ServiceError, status } from '@grpc/grpc-js';
import type { MethodDefinition } from '@grpc/proto-loader';
import { endRpcSpan, injectTraceMetadata, startClientSpan } from '@platform/grpc-server';
import { type ForwardedContext, type GrpcClients, outgoingMetadata } from './grpc-clients';

export interface UploadCall {
  call: ClientWritableStream<object>;
  /** Settles with the reply, or the service's error (or CANCELLED after `call.cancel()`). */
  reply: Promise<object>;
}

/**
 * A client-streaming call for an upload. Its deadline is the transfer timeout (long: a large file
 * over a slow link), not the unary one.
 */
export function openUpload(
  clients: GrpcClients,
  address: string | undefined,
  method: MethodDefinition<object, object>,
  forwarded: ForwardedContext,
  timeoutMs: number,
): UploadCall {
  if (!address) throw unavailable();
  const { span, ctx } = startClientSpan(method.path);
  span.setAttribute('server.address', address);
  const metadata = injectTraceMetadata(outgoingMetadata(forwarded), ctx);
  let call!: ClientWritableStream<object>;
  const reply = new Promise<object>((resolve, reject) => {
    call = clients
      .clientFor(address)
      .makeClientStreamRequest(
        method.path,
        method.requestSerialize,
        method.responseDeserialize,
        metadata,
        { deadline: Date.now() + timeoutMs },
        (err: ServiceError | null, response?: object) => {
          endRpcSpan(span, 'client', err ? err.code : status.OK, err?.details);
          if (err) reject(err);
          else resolve(response ?? {});
        },
      );
  });
  return { call, reply };
}

/** A server-streaming call for a download; the stream emits the replies, then `end` or `error`. */
export function openDownload(
  clients: GrpcClients,
  address: string | undefined,
  method: MethodDefinition<object, object>,
  request: object,
  forwarded: ForwardedContext,
  timeoutMs: number,
): ClientReadableStream<object> {
  if (!address) throw unavailable();
  const { span, ctx } = startClientSpan(method.path);
  span.setAttribute('server.address', address);
  const metadata = injectTraceMetadata(outgoingMetadata(forwarded), ctx);
  const stream = clients
    .clientFor(address)
    .makeServerStreamRequest(method.path, method.requestSerialize, method.responseDeserialize, request, metadata, { deadline: Date.now() + timeoutMs });
  stream.on('status', (s: { code: number; details: string }) => endRpcSpan(span, 'client', s.code, s.code === status.OK ? undefined : s.details));
  return stream;
}

function unavailable(): ServiceError {
  return Object.assign(new Error(`${status.UNAVAILABLE} UNAVAILABLE: no address configured for this service`), {
    code: status.UNAVAILABLE,
    details: 'no address configured for this service',
    metadata: new Metadata(),
  });
}
