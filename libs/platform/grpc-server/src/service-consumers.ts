import type { Registry } from 'prom-client';
import {
  consumeMessages,
  type JetStreamClient,
  type MessageConsumer,
  type MessagingNames,
  type RunningConsumer,
  type SqlTx,
  type Subject,
} from '@platform/messaging';
import type { Logger } from '@platform/telemetry';

/** Runs work in one transaction of the service's database, within `timeoutMs` when given. */
export type TransactionRunner<Tx> = <T>(work: (tx: Tx) => Promise<T>, timeoutMs?: number) => Promise<T>;

export interface ServiceConsumersOptions<Tx> {
  js: JetStreamClient;
  names: MessagingNames;
  /** The service's schema, holding `processed_message`. */
  schema: string;
  transaction: TransactionRunner<Tx>;
  /** The subjects the service registry says the service consumes: every consumer's subjects are among them, and each is consumed. */
  consumes?: readonly Subject[];
  logger: Logger;
  registry: Registry;
}

export interface RunningConsumers {
  stop(): Promise<void>;
}

/** How the consumers disagree with the registry's `consumes`, or with each other (one durable name twice); empty when they agree. */
export function consumerDisagreements(consumers: readonly MessageConsumer<unknown>[], consumes: readonly Subject[] = []): string[] {
  const problems: string[] = [];
  const durables = new Set<string>();
  for (const consumer of consumers) {
    if (durables.has(consumer.durable)) problems.push(`two consumers are named '${consumer.durable}'`);
    durables.add(consumer.durable);
    for (const subject of consumer.subjects)
      if (!consumes.includes(subject)) problems.push(`consumer '${consumer.durable}' reads ${subject}, which the service registry does not list in consumes`);
  }
  const read = new Set(consumers.flatMap((consumer) => consumer.subjects));
  for (const subject of consumes) if (!read.has(subject)) problems.push(`the service registry lists ${subject} in consumes, but no consumer reads it`);
  return problems;
}

/**
 * Starts a service's durable consumers, each message handled in a transaction of the service's
 * database that also records its id (see consumeMessages). Refuses consumers that disagree with the
 * registry's `consumes`. A consumer that fails to start stops the ones already started.
 */
export async function startServiceConsumers<Tx extends SqlTx>(
  consumers: readonly MessageConsumer<Tx>[],
  options: ServiceConsumersOptions<Tx>,
): Promise<RunningConsumers> {
  const problems = consumerDisagreements(consumers, options.consumes);
  if (problems.length > 0) throw new Error(`the service's consumers disagree with the service registry: ${problems.join('; ')}`);
  const running: RunningConsumer[] = [];
  const stop = async () => void (await Promise.all(running.splice(0).map((consumer) => consumer.stop())));
  try {
    for (const consumer of consumers) {
      const withTransaction = async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
        const result = await options.transaction(work, consumer.transactionTimeoutMs);
        consumer.afterCommit?.();
        return result;
      };
      const source = { js: options.js, names: options.names, schema: options.schema, logger: options.logger, metrics: options.registry, withTransaction };
      running.push(await consumeMessages(source, consumer));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { stop };
}
