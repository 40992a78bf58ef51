import type { WithTransaction } from '../sql/pg-transaction';
import type { SqlTx } from '../sql/sql-executor';
import { HandlerFailure } from './failure-policy';
import type { InboundMessage } from './inbound-message';
import { markProcessed } from './processed-messages';

export type DeliveryOutcome = 'handled' | 'duplicate';
export type Delivery = (message: InboundMessage) => Promise<DeliveryOutcome>;

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
