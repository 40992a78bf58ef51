export type { CallContext } from './call-context';
export { bearerToken, firstValue } from './call-context';
export { callerOf, callerId } from './caller';
export { startGrpcService, type GrpcServiceOptions, type RunningService, type ServiceBinding } from './server';
export { LIVENESS_SERVICE } from './grpc-health';
export { methodAccessTable, type MethodAccess } from './method-access';
export { adaptService, type AsyncHandler, type AsyncService } from './unary-handler';
export type { ClientStreamHandler, ServerStreamHandler, StreamCallContext } from './stream-handler';
export { toServiceError } from './error-status';
export { createClient, unary, CHANNEL_OPTIONS, DEFAULT_DEADLINE_MS, type UnaryCallOptions } from './client';
export { ServiceTokens } from './service-tokens';
export { injectTraceMetadata, contextFromMetadata, startClientSpan, endRpcSpan } from './rpc-tracing';
export { runServiceMain, type ServiceMain } from './service-main';
// startPlatformService and migrateService are in '@platform/grpc-server/service', so that processes
// without a database (the gateway) do not bundle the database and messaging libraries.
