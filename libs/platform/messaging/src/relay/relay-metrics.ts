import type { Registry } from 'prom-client';
import { counter, gauge } from '@platform/telemetry';

export interface RelayMetrics {
  backlog(value: number): void;
  published(count: number): void;
  failed(count: number): void;
  deadLettered(count: number): void;
}

const NONE: RelayMetrics = { backlog: () => undefined, published: () => undefined, failed: () => undefined, deadLettered: () => undefined };

export function relayMetrics(registry: Registry | undefined, schema: string): RelayMetrics {
  if (!registry) return NONE;
  const backlog = gauge(registry, 'messaging_outbox_backlog', 'Events in the outbox not yet published', ['schema']);
  const published = counter(registry, 'messaging_outbox_published_total', 'Outbox events published to JetStream', ['schema']);
  const failed = counter(registry, 'messaging_outbox_publish_failures_total', 'Outbox events whose publication failed (retried)', ['schema']);
  const deadLettered = counter(registry, 'messaging_outbox_dead_letters_total', 'Outbox events set aside after failing every publication', ['schema']);
  return {
    deadLettered: (count) => deadLettered.inc({ schema }, count),
    backlog: (value) => backlog.set({ schema }, value),
    published: (count) => published.inc({ schema }, count),
    failed: (count) => failed.inc({ schema }, count),
  };
}
