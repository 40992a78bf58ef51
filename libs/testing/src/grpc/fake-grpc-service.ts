import {
  Metadata,
  Server,
  ServerCredentials,
  status,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServiceDefinition,
  type ServiceError,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import type { TokenSigner } from '@platform/auth';
import { ERROR_CODE_KEY, ERROR_RETRY_AFTER_KEY, ERROR_VIOLATIONS_KEY, grpcStatusOf, PlatformError } from '@platform/errors';

/** The request type of one method of a ts-proto service definition. */
export type RequestOf<M> = M extends { requestDeserialize: (bytes: Buffer) => infer Req } ? Req : never;
/** The response type of one method of a ts-proto service definition. */
export type ResponseOf<M> = M extends { responseSerialize: (value: infer Res) => Buffer } ? Res : never;

/** One call a fake received. */
export interface FakeCall<Req = unknown> {
  /** The method's key in the definition (`listAccountMemberships`). */
  method: string;
  request: Req;
  metadata: Metadata;
  /** The bearer token it carried, if any. */
  token?: string;
}

/**
 * A handler of a fake: the request in, the response (or a promise of it) out. Throwing a
 * `{ code, details, metadata? }` answers that status; a PlatformError answers as a platform service would.
 */
export type FakeHandler<Req, Res> = (request: Req, call: FakeCall<Req>) => Res | Promise<Res>;

/** Handlers for some methods of a service definition; the others answer UNIMPLEMENTED. */
export type FakeHandlers<D> = { [K in keyof D]?: FakeHandler<RequestOf<D[K]>, ResponseOf<D[K]>> };

export interface FakeGrpcOptions {
  /**
   * Check the bearer token as an internal RPC does: `'any'` refuses calls without one
   * (UNAUTHENTICATED); a signer also verifies it and refuses tokens that are not service tokens.
   */
  serviceToken?: TokenSigner | 'any';
}

export interface FakeGrpcService<D = ServiceDefinition> {
  /** `127.0.0.1:<port>`: what a `<SVC>_GRPC_URL` points at. */
  address: string;
  /** Every call received, in order (refused and failed ones too). */
  calls: FakeCall[];
  /** The calls one method received, in order. */
  callsOf<M extends keyof D & string>(method: M): FakeCall<RequestOf<D[M]>>[];
  /** The next call of `method` answers `code` instead of running its handler. */
  failNext(method: keyof D & string, code: status, details?: string): void;
  /** Until called with undefined, every call answers `code` (UNAVAILABLE: an outage; UNIMPLEMENTED: an older version). */
  failAll(code: status | undefined): void;
  stop(): Promise<void>;
}

/** A gRPC error for a fake handler to throw: `throw grpcError(status.NOT_FOUND, 'no such account')`. */
export function grpcError(code: status, details: string, metadata = new Metadata()): Partial<ServiceError> {
  return { code, details, metadata };
}

function answerOf(err: unknown): Partial<ServiceError> {
  if (err instanceof PlatformError) {
    const metadata = new Metadata();
    metadata.set(ERROR_CODE_KEY, err.code);
    if (err.violations.length > 0) metadata.set(ERROR_VIOLATIONS_KEY, Buffer.from(JSON.stringify(err.violations), 'utf8'));
    if (err.retryAfterSeconds !== undefined) metadata.set(ERROR_RETRY_AFTER_KEY, String(err.retryAfterSeconds));
    return { code: grpcStatusOf(err.code), details: err.message, metadata };
  }
  if (typeof (err as Partial<ServiceError> | undefined)?.code === 'number') return err as Partial<ServiceError>;
  return { code: status.INTERNAL, details: err instanceof Error ? err.message : String(err) };
}

function refusal(token: string | undefined, check: FakeGrpcOptions['serviceToken']): Partial<ServiceError> | undefined {
  if (!check) return undefined;
  if (!token) return { code: status.UNAUTHENTICATED, details: 'service token required' };
  if (check === 'any') return undefined;
  try {
    return check.verifyCaller(token).service ? undefined : { code: status.PERMISSION_DENIED, details: 'service token required' };
  } catch {
    return { code: status.UNAUTHENTICATED, details: 'service token required' };
  }
}

/**
 * A real gRPC server in the test, serving `definition` (any service of `@platform/proto`, or one
 * loaded from a .proto) with the given handlers; methods without one answer UNIMPLEMENTED. Every
 * call is recorded; failures can be injected per call or for all calls.
 */
export async function fakeGrpcService<D extends object>(definition: D, handlers: FakeHandlers<D>, options: FakeGrpcOptions = {}): Promise<FakeGrpcService<D>> {
  const calls: FakeCall[] = [];
  const nextFailures = new Map<string, Partial<ServiceError>>();
  let allFail: status | undefined;
  const takeInjected = (method: string) => {
    const failure = nextFailures.get(method);
    nextFailures.delete(method);
    return failure;
  };
  const impl: UntypedServiceImplementation = {};
  for (const [method, attrs] of Object.entries(definition as ServiceDefinition)) {
    if (attrs.requestStream || attrs.responseStream) continue; // streaming methods answer UNIMPLEMENTED
    const handler = (handlers as Record<string, FakeHandler<unknown, unknown> | undefined>)[method];
    impl[method] = (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => {
      const authorization = String(call.metadata.get('authorization')[0] ?? '');
      const token = /^Bearer (.+)$/i.exec(authorization)?.[1];
      const received: FakeCall = { method, request: call.request, metadata: call.metadata, token };
      calls.push(received);
      const refused =
        refusal(token, options.serviceToken) ??
        (allFail !== undefined ? { code: allFail, details: `${method} fails for the test` } : undefined) ??
        takeInjected(method);
      if (refused) return callback(refused, null);
      if (!handler) return callback({ code: status.UNIMPLEMENTED, details: `${method} is not in the fake` }, null);
      Promise.resolve()
        .then(() => handler(call.request, received))
        .then(
          (reply) => callback(null, reply),
          (err: unknown) => callback(answerOf(err), null),
        );
    };
  }
  const server = new Server();
  if (Object.keys(impl).length > 0) server.addService(definition as ServiceDefinition, impl);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return {
    address: `127.0.0.1:${port}`,
    calls,
    callsOf: (method) => calls.filter((c) => c.method === method) as FakeCall<never>[],
    failNext: (method, code, details = `injected ${method} failure`) => void nextFailures.set(method, { code, details }),
    failAll: (code) => {
      allFail = code;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        // Calls a test left hanging must not hold its teardown.
        const force = setTimeout(() => server.forceShutdown(), 2000);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      }),
  };
}
