export { createTestMessaging, testNatsUrl, type TestMessaging } from './test-names';
export { openEventReader, type EventReader, type EventReaderOptions } from './event-reader';
export { startNatsCluster, type NatsCluster, type NatsClusterServer } from './nats-cluster';
