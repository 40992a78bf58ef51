export { createTestMessaging, testNatsUrl, type TestMessaging } from './test-names';
