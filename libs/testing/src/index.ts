export { createTestSchema, testDatabaseUrl, type TestSchema } from './db/test-schema';
export { startFakeOrganisationService, type FakeOrganisationService } from './grpc/fake-organisation-service';
export { startApp, freePort, workspaceRoot, type AppProcess } from './process/app-process';
export { createTestMessaging, testNatsUrl, type TestMessaging } from './messaging';
export { startPlatformStack, STACK_ADMIN, STACK_JWT_SECRET, type PlatformStack, type PlatformStackOptions } from './process/platform-stack';
