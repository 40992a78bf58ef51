import { Client, Metadata, credentials, type ClientReadableStream, type ClientWritableStream, type ServiceError, status } from '@grpc/grpc-js';
import { endRpcSpan, injectTraceMetadata, startClientSpan } from '@platform/grpc-server';
import type { RpcMethod } from '../protos/rpc-methods';
import { type ForwardedContext, type GrpcClients, outgoingMetadata } from './grpc-clients';

/**
 * HTTP/2 receive window of the channels that carry downloads. grpc-js otherwise keeps Node's
 * default of 64 KiB, so a large download stalls after every 64 KiB until the gateway's
 * WINDOW_UPDATE reaches the service: on a busy machine that round trip, not the bandwidth, sets the
 * rate. 8 MiB lets the service run ahead; the gateway still reads no faster than its client
 * (it pauses the stream when the HTTP response is full), so memory stays bounded by the window.
 */
export const TRANSFER_WINDOW_BYTES = 8 * 1024 * 1024;

/** Transfer channels by the GrpcClients they serve and the address (closed with the process). */
const transferChannels = new WeakMap<GrpcClients, Map<string, Client>>();

function transferClient(clients: GrpcClients, address: string): Client {
  let byAddress = transferChannels.get(clients);
  if (!byAddress) {
    byAddress = new Map();
    transferChannels.set(clients, byAddress);
  }
  let client = byAddress.get(address);
  if (!client) {
    client = new Client(address, credentials.createInsecure(), {
      'grpc.keepalive_time_ms': 30_000,
      'grpc.max_receive_message_length': 8 * 1024 * 1024,
      'grpc-node.flow_control_window': TRANSFER_WINDOW_BYTES,
    });
    byAddress.set(address, client);
  }
  return client;
}

export interface UploadCall {
  call: ClientWritableStream<object>;
  /** Settles with the reply, or the service's error (or CANCELLED after `call.cancel()`). */
  reply: Promise<object>;
}

/**
 * A client-streaming call for an upload. Its deadline is the transfer timeout (long: a large file
 * over a slow link), not the unary one.
 */
export function openUpload(clients: GrpcClients, address: string | undefined, method: RpcMethod, forwarded: ForwardedContext, timeoutMs: number): UploadCall {
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
  method: RpcMethod,
  request: object,
  forwarded: ForwardedContext,
  timeoutMs: number,
): ClientReadableStream<object> {
  if (!address) throw unavailable();
  const { span, ctx } = startClientSpan(method.path);
  span.setAttribute('server.address', address);
  const metadata = injectTraceMetadata(outgoingMetadata(forwarded), ctx);
  const stream = transferClient(clients, address).makeServerStreamRequest(method.path, method.requestSerialize, method.responseDeserialize, request, metadata, {
    deadline: Date.now() + timeoutMs,
  });
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
