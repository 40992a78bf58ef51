import type { JetStreamClient } from '@nats-io/jetstream';
import type { Registry } from 'prom-client';
import type { Logger } from '@platform/telemetry';
import type { ConsumerOptionsBase, TransactionalConsumerOptions } from '../consumer/consumer-options';
import { PoisonMessage } from '../consumer/failure-policy';
import { startConsumer, type RunningConsumer } from '../consumer/start-consumer';
import type { MessagingNames } from '../names/messaging-names';
import type { WithTransaction } from '../sql/pg-transaction';
import type { SqlTx } from '../sql/sql-executor';
import { decodePayload, isCataloguedSubject, type PayloadOf, type Subject } from './subjects';

/** What every consumer of one service shares: the stream, its schema and transactions, logs and metrics. */
export interface ServiceMessageSource<Tx extends SqlTx> {
  js: JetStreamClient;
  names: MessagingNames;
  /** The service's schema, holding `processed_message`. */
  schema: string;
  /** Runs work in one transaction, e.g. `(work) => prisma.$transaction(work)`. */
  withTransaction: WithTransaction<Tx>;
  logger: Logger;
  metrics?: Registry;
}

/** A catalogued event as a handler gets it: its logical subject and its decoded payload. */
export type CataloguedMessage<S extends Subject, Tx> = {
  [K in S]: { subject: K; event: PayloadOf<K>; messageId: string; tx: Tx };
}[S];

export interface CatalogueConsumerOptions<S extends Subject, Tx>
  extends Pick<ConsumerOptionsBase, 'startAt' | 'alertAfter' | 'retryDelay'>, Pick<TransactionalConsumerOptions<Tx & SqlTx>, 'batchSize'> {
  /** Logical consumer name, stable across releases (`identity-membership-changed`). */
  durable: string;
  subjects: readonly S[];
  /** Runs in the transaction that records the message id (switch on `subject` to narrow `event`). */
  handle: (message: CataloguedMessage<S, Tx>) => Promise<void>;
}

/**
 * A durable consumer of catalogued subjects, each message handled once in the service's database
 * transaction (see startConsumer) with its payload decoded as its subject's proto message. A message
 * that does not decode can never be handled: it is set aside as a dead letter rather than retried.
 */
export function consumeMessages<Tx extends SqlTx, S extends Subject>(
  source: ServiceMessageSource<Tx>,
  options: CatalogueConsumerOptions<S, Tx>,
): Promise<RunningConsumer> {
  const { names, logger } = source;
  return startConsumer<Tx>({
    js: source.js,
    stream: names.stream,
    durable: options.durable,
    filterSubjects: options.subjects.map((subject) => names.filter(subject)),
    schema: source.schema,
    withTransaction: source.withTransaction,
    logger,
    metrics: source.metrics,
    startAt: options.startAt,
    alertAfter: options.alertAfter,
    retryDelay: options.retryDelay,
    batchSize: options.batchSize,
    handle: async ({ subject: wire, data, messageId, tx }) => {
      const subject = names.logical(wire);
      let event: PayloadOf<S>;
      try {
        if (!isCataloguedSubject(subject) || !(options.subjects as readonly string[]).includes(subject)) throw new Error(`unexpected subject ${subject}`);
        event = decodePayload(subject as S, data);
      } catch (err) {
        throw new PoisonMessage(`does not decode as ${subject}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }
      await options.handle({ subject, event, messageId, tx } as CataloguedMessage<S, Tx>);
    },
  });
}
