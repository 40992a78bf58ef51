import type { SqlTx } from '../sql/sql-executor';
import type { CataloguedMessage, CatalogueConsumerOptions } from './catalogue-consumer';
import type { Subject } from './subjects';

/**
 * A durable consumer a service declares and the service kit runs (the `consumers` of its wiring):
 * the kit gives it the service's stream, schema and database transactions, starts it after the
 * server and stops it first at shutdown. Declare one with {@link messageConsumer}.
 */
export interface MessageConsumer<Tx> extends Omit<CatalogueConsumerOptions<Subject, Tx>, 'handle'> {
  /** Runs in the transaction that records the message id. */
  handle(message: CataloguedMessage<Subject, Tx>): Promise<void>;
  /** Called after each of the consumer's transactions has committed (e.g. to wake the job that sends what it queued). */
  afterCommit?: () => void;
  /** Longest one of its transactions may run (the database client's default when absent). */
  transactionTimeoutMs?: number;
}

export interface MessageConsumerOptions<S extends Subject, Tx>
  extends CatalogueConsumerOptions<S, Tx>, Pick<MessageConsumer<Tx>, 'afterCommit' | 'transactionTimeoutMs'> {}

/**
 * A consumer of catalogued subjects for the service kit: `handle` gets each message of `subjects`
 * with its payload decoded and typed by its subject (switch on `subject` to narrow `event`).
 */
export function messageConsumer<S extends Subject, Tx extends SqlTx>(options: MessageConsumerOptions<S, Tx>): MessageConsumer<Tx> {
  // The handler takes only its own subjects; consumeMessages never hands it another.
  return options as unknown as MessageConsumer<Tx>;
}
