import type * as PromClient from 'prom-client';

// What this file uses, from prom-client's own modules: its index also loads the summary (with
// tdigest), the Pushgateway client (https, zlib) and the cluster aggregator: 1.2 MB of the
// gateway's resident memory.
const Registry = require('prom-client/lib/registry') as typeof PromClient.Registry;
type Registry = PromClient.Registry;
const Counter = require('prom-client/lib/counter') as typeof PromClient.Counter;
type Counter<T extends string> = PromClient.Counter<T>;
const Gauge = require('prom-client/lib/gauge') as typeof PromClient.Gauge;
type Gauge<T extends string> = PromClient.Gauge<T>;
const Histogram = require('prom-client/lib/histogram') as typeof PromClient.Histogram;
type Histogram<T extends string> = PromClient.Histogram<T>;
const collectDefaultMetrics = require('prom-client/lib/defaultMetrics') as typeof PromClient.collectDefaultMetrics;

/** One Prometheus registry per process, with the default Node.js metrics and the service label. */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

export function counter(registry: Registry, name: string, help: string, labelNames: string[] = []): Counter<string> {
  return (registry.getSingleMetric(name) as Counter<string>) ?? new Counter({ name, help, labelNames, registers: [registry] });
}

export function gauge(registry: Registry, name: string, help: string, labelNames: string[] = []): Gauge<string> {
  return (registry.getSingleMetric(name) as Gauge<string>) ?? new Gauge({ name, help, labelNames, registers: [registry] });
}

/** Latency histogram in seconds with buckets from 1 ms to 10 s. */
export function histogram(registry: Registry, name: string, help: string, labelNames: string[] = []): Histogram<string> {
  return (
    (registry.getSingleMetric(name) as Histogram<string>) ??
    new Histogram({
      name,
      help,
      labelNames,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    })
  );
}
