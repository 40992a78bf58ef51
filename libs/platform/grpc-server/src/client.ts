import { credentials, Metadata, propagate, status, type CallOptions, type Client, type ServiceError } from '@grpc/grpc-js';
import type { CallContext } from './call-context';
import { endRpcSpan, injectTraceMetadata, startClientSpan } from './rpc-tracing';

export const DEFAULT_DEADLINE_MS = 5_000;

type ClientCtor<C> = new (address: string, creds: ReturnType<typeof credentials.createInsecure>, options?: object) => C;

/**
 * Every platform channel's options. Calls spread over all the addresses the target resolves to
 * (`round_robin`): `dns:///<service>-grpc:50052`, the chart's headless Service, names every ready
 * pod, so a scaled-out service gets its load on every replica rather than on the one pod a
 * ClusterIP connection happened to reach. A plain `host:port` of one address behaves as before.
 * Retries stay on: grpc-js's transparent retry resends a call that a closing connection refused
 * before the server saw it (a service's rolling restart).
 */
export const CHANNEL_OPTIONS = {
  'grpc.keepalive_time_ms': 30_000,
  // No channelz: nothing here reads it, and it keeps counters and timestamps on every call.
  'grpc.enable_channelz': 0,
  'grpc.max_receive_message_length': 8 * 1024 * 1024,
  'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
} as const;

/** A client for one service (every address its target resolves to, round robin). */
export function createClient<C extends Client>(Ctor: ClientCtor<C>, address: string): C {
  return new Ctor(address, credentials.createInsecure(), CHANNEL_OPTIONS);
}

export interface UnaryCallOptions {
  /** The server call this call is made for: its deadline and cancellation are carried on. */
  parent?: CallContext;
  /** Bearer token to present (a service token, or the caller's own when acting for them). */
  token?: string;
  /** This call's own deadline; the parent's, when earlier, wins. */
  timeoutMs?: number;
  requestId?: string;
}

type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (error: ServiceError | null, response: Res) => void,
) => unknown;

/**
 * Calls a unary method of a ts-proto client as a promise, always with a deadline: its own
 * (default 5 s) or the parent call's when that is earlier, and the parent's cancellation. The call
 * runs in a CLIENT span of the active trace, whose context travels in the metadata (`traceparent`).
 */
export function unary<C, Req, Res>(
  client: C,
  method: (this: C, ...args: Parameters<UnaryMethod<Req, Res>>) => unknown,
  request: Req,
  options: UnaryCallOptions = {},
): Promise<Res> {
  const metadata = new Metadata();
  if (options.token) metadata.set('authorization', `Bearer ${options.token}`);
  const requestId = options.requestId ?? options.parent?.requestId;
  if (requestId) metadata.set('x-request-id', requestId);
  const own = Date.now() + (options.timeoutMs ?? DEFAULT_DEADLINE_MS);
  const parentDeadline = options.parent ? toMillis(options.parent.deadline) : Infinity;
  const callOptions: Partial<CallOptions> = { deadline: Math.min(own, parentDeadline) };
  if (options.parent) {
    callOptions.parent = options.parent.call as unknown as CallOptions['parent'];
    callOptions.propagate_flags = propagate.DEADLINE | propagate.CANCELLATION;
  }
  const path = (method as { path?: unknown }).path;
  const { span, ctx } = startClientSpan(typeof path === 'string' ? path : `/unknown/${method.name}`);
  injectTraceMetadata(metadata, ctx);
  return new Promise<Res>((resolve, reject) => {
    method.call(client, request, metadata, callOptions, (err, response) => {
      endRpcSpan(span, 'client', err ? err.code : status.OK, err?.details);
      if (err) reject(err);
      else resolve(response);
    });
  });
}

function toMillis(deadline: Date | number): number {
  const value = deadline instanceof Date ? deadline.getTime() : deadline;
  return Number.isFinite(value) ? value : Infinity;
}
