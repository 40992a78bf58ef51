import { context } from '@opentelemetry/api';
import { status, type handleClientStreamingCall, type handleServerStreamingCall, type ServerReadableStream, type ServerWritableStream } from '@grpc/grpc-js';
import { authorize, authorizeService, type AccessClaims, type TokenSigner } from '@platform/auth';
import type { Logger } from '@platform/telemetry';
import type { Counter, Histogram } from 'prom-client';
import { bearerToken, clientIpOf, firstValue, requestIdOf, type CallContext } from './call-context';
import { toServiceError } from './error-status';
import { accessRuleFor, type MethodAccess } from './method-access';
import { endRpcSpan, startServerSpan } from './rpc-tracing';

/**
 * A client-streaming handler: the messages as an async iterable (ends when the client half-closes;
 * throws when it cancels). `authorize(first)` must be called with the message that carries the
 * organisation (the upload's fields) before any effect: the kit cannot know it before it arrives.
 */
export type ClientStreamHandler<Req, Res> = (requests: AsyncIterable<Req>, ctx: StreamCallContext<Req>) => Promise<Res>;

/** A server-streaming handler: `send` waits while the client's window is full. */
export type ServerStreamHandler<Req, Res> = (request: Req, send: (message: Res) => Promise<void>, ctx: CallContext) => Promise<void>;

export interface StreamCallContext<Req> extends CallContext {
  /** Enforces the RPC's access option against the message holding the organisation id. */
  authorize(message: Req | object): void;
  /** True once the client cancelled or the deadline passed. */
  cancelled(): boolean;
}

interface StreamDeps {
  signer: TokenSigner;
  logger: Logger;
  latency?: Histogram<string>;
  handled?: Counter<string>;
  errors?: Counter<string>;
}

type Call = ServerReadableStream<unknown, unknown> | ServerWritableStream<unknown, unknown>;

/** Runs a streaming call in its span with the kit's logging, metrics and error mapping. */
function runStreamCall(
  path: string,
  call: Call,
  deps: StreamDeps,
  lenient: boolean,
  body: (ctx: CallContext, caller: AccessClaims | undefined) => Promise<unknown>,
  answer: (err: unknown, reply?: unknown) => void,
): void {
  const started = process.hrtime.bigint();
  const rpc = path.split('/').pop() ?? path;
  const requestId = requestIdOf(call.metadata);
  const { span, ctx: traceContext } = startServerSpan(path, call.metadata);
  span.setAttribute('platform.request_id', requestId);
  context.with(traceContext, () => {
    const logger = deps.logger.child({ rpc, requestId });
    const finish = (err: unknown, reply?: unknown): void => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      let code: number = status.OK;
      if (err) {
        const serviceError = toServiceError(err, logger);
        code = serviceError.code ?? status.UNKNOWN;
        logger.info({ code, ms: seconds * 1000 }, 'rpc failed');
        answer(serviceError);
      } else {
        answer(undefined, reply);
      }
      const labels = { rpc, code: code === status.OK ? 'OK' : String(code) };
      deps.latency?.observe(labels, seconds);
      deps.handled?.inc(labels);
      if (code !== status.OK) deps.errors?.inc(labels);
      endRpcSpan(span, 'server', code);
    };
    void (async () => {
      const token = bearerToken(call.metadata);
      // A public RPC ignores a stale or bad token, as unary public RPCs do.
      const caller = lenient ? publicCaller(deps.signer, token) : token ? deps.signer.verifyCaller(token) : undefined;
      const ctx: CallContext = {
        caller,
        token,
        requestId,
        clientIp: clientIpOf(call.metadata),
        userAgent: firstValue(call.metadata, 'x-client-user-agent') ?? firstValue(call.metadata, 'user-agent'),
        deadline: call.getDeadline(),
        metadata: call.metadata,
        logger,
        call: call as unknown as CallContext['call'],
      };
      return body(ctx, caller);
    })().then(
      (reply) => finish(undefined, reply),
      (err: unknown) => finish(err),
    );
  });
}

function publicCaller(signer: TokenSigner, token: string | undefined): AccessClaims | undefined {
  try {
    return token ? signer.verifyCaller(token) : undefined;
  } catch {
    return undefined;
  }
}

/** Adapts a client-streaming handler to grpc-js. */
export function adaptClientStream(
  path: string,
  access: MethodAccess,
  handler: ClientStreamHandler<unknown, unknown>,
  deps: StreamDeps,
): handleClientStreamingCall<unknown, unknown> {
  return (call, callback): void => {
    let isCancelled = false;
    call.on('cancelled', () => {
      isCancelled = true;
      // Ends the handler's iteration with an error, so it discards what it stored.
      call.destroy(Object.assign(new Error('the client cancelled the call'), { code: status.CANCELLED }));
    });
    runStreamCall(
      path,
      call,
      deps,
      access.kind === 'exposed' && access.auth === 'public',
      async (ctx, caller) => {
        let authorized = false;
        const streamCtx: StreamCallContext<unknown> = {
          ...ctx,
          authorize(message) {
            if (access.kind === 'internal') authorizeService(caller);
            else authorize(caller, accessRuleFor(access, message));
            authorized = true;
          },
          cancelled: () => isCancelled || call.cancelled,
        };
        const reply = await handler(call as AsyncIterable<unknown>, streamCtx);
        if (!authorized) throw new Error(`${path}: the handler answered without authorising the call`);
        return reply;
      },
      (err, reply) => (err ? callback(err as Parameters<typeof callback>[0]) : callback(null, reply)),
    );
  };
}

/** Adapts a server-streaming handler to grpc-js: access is checked on the request before it runs. */
export function adaptServerStream(
  path: string,
  access: MethodAccess,
  handler: ServerStreamHandler<unknown, unknown>,
  deps: StreamDeps,
): handleServerStreamingCall<unknown, unknown> {
  return (call): void => {
    runStreamCall(
      path,
      call,
      deps,
      access.kind === 'exposed' && access.auth === 'public',
      async (ctx) => {
        if (access.kind === 'internal') authorizeService(ctx.caller);
        else authorize(ctx.caller, accessRuleFor(access, call.request));
        const send = (message: unknown): Promise<void> => {
          if (call.cancelled) return Promise.reject(Object.assign(new Error('the client cancelled the download'), { code: status.CANCELLED }));
          if (call.write(message)) return Promise.resolve();
          return new Promise((resolve, reject) => {
            call.once('drain', resolve);
            call.once('cancelled', () => reject(Object.assign(new Error('the client cancelled the download'), { code: status.CANCELLED })));
          });
        };
        await handler(call.request, send, ctx);
      },
      (err) => {
        if (err) call.emit('error', err);
        else call.end();
      },
    );
  };
}
