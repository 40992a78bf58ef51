// Names
export { MessagingNames, DEFAULT_STREAM, PLATFORM_SUBJECT_ROOTS, type MessagingNamesConfig } from './names/messaging-names';
export { isValidSubject, isValidFilter, consumerNameFor } from './names/subject-pattern';

// NATS connection and JetStream
export { connectNats, isNatsHealthy, type ConnectNatsOptions } from './nats/connect-nats';
export { connectPlatformMessaging, type PlatformMessaging } from './nats/connect-platform-messaging';
export { jetstream, jetstreamManager } from '@nats-io/jetstream';
export type { JetStreamClient, JetStreamManager, PubAck } from '@nats-io/jetstream';
export type { NatsConnection } from '@nats-io/nats-core';
export { ensureStream, type EnsureStreamOptions } from './stream/ensure-stream';
export { streamReplicasFromEnv, MAX_STREAM_REPLICAS } from './stream/stream-replicas';
export { publishDirect, type PublishDirectOptions } from './nats/publish-direct';

// The subject catalogue: every subject with its payload's proto message
export {
  MESSAGE_CATALOGUE,
  SUBJECTS,
  ALL_SUBJECTS,
  isCataloguedSubject,
  encodePayload,
  decodePayload,
  type Subject,
  type PayloadOf,
  type EventCodec,
} from './catalogue/subjects';

// Outbox
export { writeOutbox, type OutboxEvent } from './outbox/write-outbox';
export { writeOutboxBatch } from './outbox/write-outbox-batch';
export { outboxWriter, outboxBatchWriter, type MessageWriter, type MessageBatchWriter } from './catalogue/message-writer';
export { serviceOutbox, type ServiceOutbox } from './outbox/service-outbox';
export { startOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './relay/outbox-relay';
export { replayOutboxDeadLetters } from './relay/outbox-dead-letters';

// Consumers
export { startConsumer, STALLED_AFTER, type RunningConsumer } from './consumer/start-consumer';
export { PoisonMessage } from './consumer/failure-policy';
export { DEAD_LETTER_HEADERS, DEAD_LETTERS_KEPT_MS, deadLetterStream, deadLetterSubject } from './dead-letters/dead-letter-stream';
export { listDeadLetters, replayDeadLetter, discardDeadLetter, type DeadLetter, type ReplayOutcome } from './dead-letters/replay';
export { consumeMessages, type ServiceMessageSource, type CataloguedMessage, type CatalogueConsumerOptions } from './catalogue/catalogue-consumer';
export { messageConsumer, type MessageConsumer, type MessageConsumerOptions } from './catalogue/message-consumer';
export type { ConsumerOptionsBase, TransactionalConsumerOptions, StatelessConsumerOptions } from './consumer/consumer-options';
export type { InboundMessage } from './consumer/inbound-message';
export type { TransactionalHandler, StatelessHandler } from './consumer/deliver-message';
export { pruneProcessedMessages, PROCESSED_MESSAGES_KEPT_MS } from './consumer/processed-messages';

// SQL plumbing shared with services
export type { SqlExecutor, PgQueryable, SqlTx } from './sql/sql-executor';
export { withPgTransaction, type WithTransaction } from './sql/pg-transaction';
export { messagingTablesSql } from './sql/tables-sql';
export { outboxChannel } from './sql/identifiers';
