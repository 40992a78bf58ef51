import type { JetStreamClient } from '@nats-io/jetstream';
import type { Registry } from 'prom-client';
import type { Logger } from '@platform/telemetry';
import type { BackoffOptions } from '../backoff';
import { filtersOverlap, isValidDurable, isValidFilter } from '../names/subject-pattern';
import type { WithTransaction } from '../sql/pg-transaction';
import type { SqlTx } from '../sql/sql-executor';
import type { StatelessHandler, TransactionalHandler } from './deliver-message';

export interface ConsumerOptionsBase {
  js: JetStreamClient;
  /** `MessagingNames.stream`. */
  stream: string;
  /** Logical consumer name, stable across releases (`organisation-members`); the processed-message key. */
  durable: string;
  /** Wire filters (`MessagingNames.filter(...)`); they must not overlap. */
  filterSubjects: string[];
  logger: Logger;
  /** Failures of a message from this many deliveries on are logged as errors (it is still retried). Default 10. */
  alertAfter?: number;
  /** Delay before a failed message comes back: doubles from baseMs up to maxMs. Default 1 s to 60 s. */
  retryDelay?: Partial<BackoffOptions>;
  /** Time a handler has before the server redelivers the message elsewhere. Default 30 s. */
  ackWaitMs?: number;
  /** Messages fetched ahead of the one being handled. Default 10. */
  prefetch?: number;
  /** Where a consumer created now starts: every message the stream holds (default) or only new ones. */
  startAt?: 'all' | 'new';
  /** Registry for `messaging_consumer_lag` and `messaging_consumer_messages_total`. */
  metrics?: Registry;
  metricsIntervalMs?: number;
}

/** A consumer whose effects live in the service's database, recorded with the message id. */
export interface TransactionalConsumerOptions<Tx extends SqlTx> extends ConsumerOptionsBase {
  /** The service's schema, holding `processed_message`. */
  schema: string;
  /** Runs work in one transaction, e.g. `(work) => prisma.$transaction(work)`. */
  withTransaction: WithTransaction<Tx>;
  handle: TransactionalHandler<Tx>;
  /**
   * Up to this many messages handled in one transaction when they queue up (one at a time while
   * they do not). Default 1. For frequent, small events (a first import's membership changes): one
   * commit for many. A failure rolls the batch back and its messages are then handled one by one.
   */
  batchSize?: number;
}

/** A consumer in a process without a database (the gateway): its handler must be idempotent. */
export interface StatelessConsumerOptions extends ConsumerOptionsBase {
  withTransaction?: undefined;
  schema?: undefined;
  handle: StatelessHandler;
  batchSize?: undefined;
}

export function validateConsumerOptions(options: ConsumerOptionsBase & { batchSize?: number }): void {
  const { durable, filterSubjects, alertAfter = 10, batchSize = 1 } = options;
  if (!isValidDurable(durable)) throw new Error(`invalid durable name '${durable}': letters, digits and hyphens`);
  if (filterSubjects.length === 0) throw new Error(`consumer ${durable} has no filter subjects`);
  for (const filter of filterSubjects) {
    if (!isValidFilter(filter)) throw new Error(`consumer ${durable}: invalid filter subject '${filter}'`);
  }
  filterSubjects.forEach((a, i) =>
    filterSubjects.slice(i + 1).forEach((b) => {
      if (filtersOverlap(a, b)) throw new Error(`consumer ${durable}: filter subjects '${a}' and '${b}' overlap`);
    }),
  );
  if (!Number.isInteger(alertAfter) || alertAfter < 1) throw new Error(`consumer ${durable}: alertAfter must be at least 1`);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 500) throw new Error(`consumer ${durable}: batchSize must be from 1 to 500`);
}
