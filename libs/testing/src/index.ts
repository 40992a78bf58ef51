// The shared test kit: what integration and end-to-end tests of every app need, once.
// Production code never imports it (eslint.config.mjs refuses it outside tests and tools).
export { createTestSchema, testDatabaseUrl, type TestSchema } from './db/test-schema';
export {
  createTestMessaging,
  openEventReader,
  startNatsCluster,
  testNatsUrl,
  type EventReader,
  type EventReaderOptions,
  type NatsCluster,
  type NatsClusterServer,
  type TestMessaging,
} from './messaging';
export { createTestRedis, testRedisUrl, type TestRedis } from './redis/test-redis';
export { startRedisCluster, startRedisSentinel, type RedisClusterSet, type RedisSentinelSet } from './redis/redis-topologies';
export { TEST_JWT_SECRET, TEST_SERVICE_JWT_SECRET, TEST_SECRETS_KEY, testSigner, testTokens, type TestTokens } from './auth/test-tokens';
export { eventually } from './wait/eventually';
export { startTcpProxy, type TcpProxy } from './net/tcp-proxy';
export { testLogger } from './logging/test-logger';
export {
  fakeGrpcService,
  grpcError,
  type FakeCall,
  type FakeGrpcOptions,
  type FakeGrpcService,
  type FakeHandler,
  type FakeHandlers,
  type RequestOf,
  type ResponseOf,
} from './grpc/fake-grpc-service';
export { failure, violationsOf } from './grpc/call-failure';
export { appTestEnv, UNREACHABLE_GRPC_URL, type AppEnvParts, type PortKind } from './registry/app-env';
export { startServiceHarness, type GrpcClientConstructor, type ServiceHarness, type ServiceHarnessOptions, type StandIn } from './harness/service-harness';
export { startApp, freePort, workspaceRoot, type AppProcess } from './process/app-process';
export {
  startContractProxy,
  startSharedContractProxies,
  type SharedContractProxies,
  type ContractProxy,
  type ContractReport,
  type ContractViolation,
} from './process/contract-proxy';
export {
  planStack,
  readyUrl,
  startPlatformStack,
  STACK_ADMIN,
  STACK_JWT_SECRET,
  STACK_SERVICE_JWT_SECRET,
  STACK_LEGACY_SYNC_KEY,
  type PlatformStack,
  type PlatformStackOptions,
  type StackOrganisations,
  type StackPlan,
  type AppReplica,
} from './process/platform-stack';
