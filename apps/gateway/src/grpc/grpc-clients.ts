import { Client, Metadata, type ServiceError, credentials, status } from '@grpc/grpc-js';
import { CHANNEL_OPTIONS, endRpcSpan, injectTraceMetadata, startClientSpan } from '@platform/grpc-server';
import type { RpcMethod } from '../protos/rpc-methods';

/** What the gateway forwards to a service with each call. */
export interface ForwardedContext {
  requestId: string;
  /** The caller's raw access token, when the request carried one. */
  token?: string;
  clientIp?: string;
  userAgent?: string;
  /** `X-Device-Id`: the device a session belongs to (refresh-token rotation per device). */
  deviceId?: string;
}

/**
 * One gRPC channel per service address, shared by every method of the services behind it. Every
 * call carries a deadline. A call to a service without an address fails as UNAVAILABLE, which the
 * gateway answers 503. Each call is a CLIENT span of the request's trace, whose context travels in
 * the metadata (`traceparent`).
 */
export class GrpcClients {
  private readonly clients = new Map<string, Client>();

  constructor(private readonly timeoutMs: number) {}

  call(address: string | undefined, method: RpcMethod, request: object, forwarded: ForwardedContext): Promise<object> {
    if (!address) return Promise.reject(unavailable('no address configured for this service'));
    const client = this.clientFor(address);
    const { span, ctx } = startClientSpan(method.path);
    span.setAttribute('server.address', address);
    const metadata = injectTraceMetadata(outgoingMetadata(forwarded), ctx);
    return new Promise((resolve, reject) => {
      client.makeUnaryRequest(
        method.path,
        method.requestSerialize,
        method.responseDeserialize,
        request,
        metadata,
        { deadline: Date.now() + this.timeoutMs },
        (err: ServiceError | null, response?: object) => {
          endRpcSpan(span, 'client', err ? err.code : status.OK, err?.details);
          if (err) reject(err);
          else resolve(response ?? {});
        },
      );
    });
  }

  close(): void {
    for (const client of this.clients.values()) client.close();
    this.clients.clear();
  }

  /** The channel of an address (streaming calls are made on it by grpc/stream-calls.ts). */
  clientFor(address: string): Client {
    let client = this.clients.get(address);
    if (!client) {
      client = new Client(address, credentials.createInsecure(), CHANNEL_OPTIONS);
      this.clients.set(address, client);
    }
    return client;
  }
}

/**
 * Metadata of a forwarded call. grpc-js always sends its own `user-agent`, so the client's travels
 * as `x-client-user-agent` (what the service kit reads).
 */
export function outgoingMetadata(context: ForwardedContext): Metadata {
  const metadata = new Metadata();
  metadata.set('x-request-id', context.requestId);
  if (context.token) metadata.set('authorization', `Bearer ${context.token}`);
  if (context.clientIp) metadata.set('x-forwarded-for', context.clientIp);
  if (context.userAgent) metadata.set('x-client-user-agent', printable(context.userAgent).slice(0, 512));
  // Held to its rule (1–128 printable ASCII) where the request is read: a bad one never gets here.
  if (context.deviceId) metadata.set('x-device-id', context.deviceId);
  return metadata;
}

/** gRPC metadata values must be printable ASCII. */
const printable = (value: string): string => value.replace(/[^\x20-\x7e]/g, '?');

function unavailable(details: string): ServiceError {
  return Object.assign(new Error(`${status.UNAVAILABLE} UNAVAILABLE: ${details}`), {
    code: status.UNAVAILABLE,
    details,
    metadata: new Metadata(),
  });
}
