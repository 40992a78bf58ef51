import type { WithTransaction } from '../sql/pg-transaction';
import type { SqlTx } from '../sql/sql-executor';
import { HandlerFailure } from './failure-policy';
import type { InboundMessage } from './inbound-message';
import { markManyProcessed, markProcessed } from './processed-messages';

export type DeliveryOutcome = 'handled' | 'duplicate';
export type Delivery = (message: InboundMessage) => Promise<DeliveryOutcome>;
/** Several messages in one transaction; `within(i, run)` runs the handler of message i (in its span's context). */
export type BatchDelivery = (messages: InboundMessage[], within: (index: number, run: () => Promise<void>) => Promise<void>) => Promise<DeliveryOutcome[]>;

export type TransactionalHandler<Tx> = (message: InboundMessage & { tx: Tx }) => Promise<void>;
export type StatelessHandler = (message: InboundMessage) => Promise<void>;

/**
 * Handles a message at most once per consumer: the processed-message row and the handler's writes
 * commit together, and a message whose row exists is skipped.
 */
export function transactionalDelivery<Tx extends SqlTx>(
  consumer: string,
  schema: string,
  withTransaction: WithTransaction<Tx>,
  handle: TransactionalHandler<Tx>,
): Delivery {
  return (message) =>
    withTransaction(async (tx) => {
      if (!(await markProcessed(tx, schema, consumer, message.messageId))) return 'duplicate';
      await runHandler(() => handle({ ...message, tx }));
      return 'handled';
    });
}

/**
 * transactionalDelivery for several messages at once: one transaction records every id and runs the
 * handler of each message not handled before, in order. Any failure rolls all of it back (the
 * consumer then delivers the messages one by one, so a failing message is retried or set aside alone).
 */
export function transactionalBatchDelivery<Tx extends SqlTx>(
  consumer: string,
  schema: string,
  withTransaction: WithTransaction<Tx>,
  handle: TransactionalHandler<Tx>,
): BatchDelivery {
  return (messages, within) =>
    withTransaction(async (tx) => {
      const fresh = await markManyProcessed(
        tx,
        schema,
        consumer,
        messages.map((m) => m.messageId),
      );
      const outcomes: DeliveryOutcome[] = [];
      for (const [index, message] of messages.entries()) {
        // A message id twice in one batch (a redelivery) is handled once.
        if (!fresh.delete(message.messageId)) {
          outcomes.push('duplicate');
          continue;
        }
        await within(index, () => runHandler(() => handle({ ...message, tx })));
        outcomes.push('handled');
      }
      return outcomes;
    });
}

/** For processes without a database: the handler itself must be idempotent. */
export function statelessDelivery(handle: StatelessHandler): Delivery {
  return async (message) => {
    await runHandler(() => handle(message));
    return 'handled';
  };
}

async function runHandler(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    throw new HandlerFailure(err);
  }
}
