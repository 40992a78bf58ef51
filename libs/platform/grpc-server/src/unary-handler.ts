import { context } from '@opentelemetry/api';
import {
  status,
  type handleClientStreamingCall,
  type handleServerStreamingCall,
  type handleUnaryCall,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServiceDefinition,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { authorize, authorizeService, type TokenSigner, type AccessClaims } from '@platform/auth';
import type { Logger } from '@platform/telemetry';
import type { Counter, Histogram } from 'prom-client';
import { bearerToken, clientIpOf, firstValue, requestIdOf, type CallContext } from './call-context';
import { toServiceError } from './error-status';
import { accessRuleFor, type MethodAccess } from './method-access';
import { endRpcSpan, startServerSpan } from './rpc-tracing';
import { adaptClientStream, adaptServerStream, type ClientStreamHandler, type ServerStreamHandler } from './stream-handler';

/** A handler written as an async function of the request and the call context. */
export type AsyncHandler<Req, Res> = (request: Req, ctx: CallContext) => Promise<Res>;

/** The async form of a ts-proto `...Server` interface. */
export type AsyncService<S> = {
  [K in keyof S as string extends K ? never : K]: S[K] extends handleUnaryCall<infer Req, infer Res>
    ? AsyncHandler<Req, Res>
    : S[K] extends handleClientStreamingCall<infer Req, infer Res>
      ? ClientStreamHandler<Req, Res>
      : S[K] extends handleServerStreamingCall<infer Req, infer Res>
        ? ServerStreamHandler<Req, Res>
        : never;
};

export interface HandlerDeps {
  signer: TokenSigner;
  logger: Logger;
  access: Map<string, MethodAccess>;
  latency?: Histogram<string>;
  /** `grpc_server_handled_total{rpc,code}`: every answered call. */
  handled?: Counter<string>;
  /** `grpc_server_errors_total{rpc,code}`: calls answered with a status other than OK. */
  errors?: Counter<string>;
}

function verifyCaller(signer: TokenSigner, token: string | undefined): AccessClaims | undefined {
  return token ? signer.verifyCaller(token) : undefined;
}

/**
 * The caller of a public RPC: a valid token still names them, but an expired or otherwise bad one
 * is ignored rather than refused, so a client that always sends its (stale) access token can still
 * sign in, refresh or reset a password, and such a 401 never counts toward the login lockout.
 */
function publicCaller(signer: TokenSigner, token: string | undefined): { caller?: AccessClaims; token?: string } {
  try {
    const caller = verifyCaller(signer, token);
    return caller ? { caller, token } : {};
  } catch {
    return {};
  }
}

/**
 * Adapts async handlers to grpc-js. Before the handler runs, the caller's token is verified and the
 * RPC's access (from its proto option) is enforced, organisation scope included; internal RPCs
 * need a service token. Errors become gRPC statuses; the callback is called exactly once.
 * Each call runs in a SERVER span, child of the trace context in the caller's metadata, so the
 * handler's logs, downstream calls and outbox events belong to the caller's trace.
 */
export function adaptService<S>(definition: ServiceDefinition, handlers: AsyncService<S>, deps: HandlerDeps): UntypedServiceImplementation {
  const out: UntypedServiceImplementation = {};
  for (const [name, method] of Object.entries(definition)) {
    const handler = (handlers as Record<string, AsyncHandler<unknown, unknown>>)[name];
    if (!handler) throw new Error(`no handler for ${method.path}`);
    const access = deps.access.get(method.path);
    if (!access) throw new Error(`no access rule for ${method.path} (is its proto loaded?)`);
    if (method.requestStream && !method.responseStream) {
      out[name] = adaptClientStream(method.path, access, handler as unknown as ClientStreamHandler<unknown, unknown>, deps);
      continue;
    }
    if (method.responseStream && !method.requestStream) {
      out[name] = adaptServerStream(method.path, access, handler as unknown as ServerStreamHandler<unknown, unknown>, deps);
      continue;
    }
    if (method.requestStream) throw new Error(`${method.path}: bidirectional streaming is not supported`);
    const rpc = method.path.split('/').pop() ?? name;
    out[name] = (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => {
      const started = process.hrtime.bigint();
      const requestId = requestIdOf(call.metadata);
      const { span, ctx: traceContext } = startServerSpan(method.path, call.metadata);
      span.setAttribute('platform.request_id', requestId);
      context.with(traceContext, () => {
        // The call's logger is made when first used: a pino child costs a few microseconds, and
        // most calls log nothing at the usual levels (docs/decisions/0232-cpu-per-request.md).
        let callLogger: Logger | undefined;
        const logger = (): Logger => (callLogger ??= deps.logger.child({ rpc, requestId }));
        const finish = (err: unknown, reply?: unknown): void => {
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          let code: number = status.OK;
          if (err) {
            const serviceError = toServiceError(err, logger());
            code = serviceError.code ?? status.UNKNOWN;
            logger().info({ code: serviceError.code, ms: seconds * 1000 }, 'rpc failed');
            callback(serviceError, null);
          } else {
            if (deps.logger.isLevelEnabled('debug')) logger().debug({ ms: seconds * 1000 }, 'rpc ok');
            callback(null, reply);
          }
          const labels = { rpc, code: code === status.OK ? 'OK' : String(code) };
          deps.latency?.observe(labels, seconds);
          deps.handled?.inc(labels);
          if (code !== status.OK) deps.errors?.inc(labels);
          endRpcSpan(span, 'server', code);
        };
        void (async () => {
          const presented = bearerToken(call.metadata);
          const { caller, token } =
            access.kind === 'exposed' && access.auth === 'public'
              ? publicCaller(deps.signer, presented)
              : { caller: verifyCaller(deps.signer, presented), token: presented };
          if (access.kind === 'internal') authorizeService(caller);
          else authorize(caller, accessRuleFor(access, call.request));
          const ctx: CallContext = {
            caller,
            token,
            requestId,
            clientIp: clientIpOf(call.metadata),
            userAgent: firstValue(call.metadata, 'x-client-user-agent') ?? firstValue(call.metadata, 'user-agent'),
            deadline: call.getDeadline(),
            metadata: call.metadata,
            get logger() {
              return logger();
            },
            call,
          };
          return handler(call.request, ctx);
        })().then(
          (reply) => finish(undefined, reply),
          (err: unknown) => finish(err),
        );
      });
    };
  }
  return out;
}
