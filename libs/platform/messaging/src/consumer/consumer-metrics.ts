import type { Registry } from 'prom-client';
import { counter, gauge } from '@platform/telemetry';

export type MessageOutcome = 'handled' | 'duplicate' | 'retried' | 'dead-lettered';

export interface ConsumerMetrics {
  lag(consumer: string, value: number): void;
  message(consumer: string, outcome: MessageOutcome): void;
}

const NONE: ConsumerMetrics = { lag: () => undefined, message: () => undefined };

export function consumerMetrics(registry: Registry | undefined, stream: string): ConsumerMetrics {
  if (!registry) return NONE;
  const lag = gauge(registry, 'messaging_consumer_lag', 'Messages of the consumer not yet acknowledged (pending delivery plus awaiting ack)', [
    'stream',
    'consumer',
  ]);
  const messages = counter(registry, 'messaging_consumer_messages_total', 'Messages processed by outcome', ['stream', 'consumer', 'outcome']);
  return {
    lag: (consumer, value) => lag.set({ stream, consumer }, value),
    message: (consumer, outcome) => messages.inc({ stream, consumer, outcome }),
  };
}
