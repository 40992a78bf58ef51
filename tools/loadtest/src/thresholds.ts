import { readFileSync } from 'node:fs';
import type { Summary } from './stats';

/**
 * An SLO the run must meet: `p95<300ms`, `errors<1%`, `browse.p99<=1s`, `rps>50`. Latency metrics
 * (p50, p90, p95, p99, max, mean) take ms or s; `errors` a percentage of the measured requests;
 * `rps` requests per second. Without a scenario prefix it holds for all requests together.
 */
export type Metric = 'p50' | 'p90' | 'p95' | 'p99' | 'max' | 'mean' | 'errors' | 'rps';
export type Comparison = '<' | '<=' | '>' | '>=';

export interface Threshold {
  /** As written, for messages. */
  text: string;
  scenario?: string;
  metric: Metric;
  op: Comparison;
  /** ms for latencies, percent for errors, per second for rps. */
  value: number;
}

export interface ThresholdResult {
  threshold: string;
  passed: boolean;
  /** The measured value (same unit as the threshold's), undefined when nothing was measured. */
  measured?: number;
  message: string;
}

export class ThresholdError extends Error {
  override name = 'ThresholdError';
}

const LATENCIES = ['p50', 'p90', 'p95', 'p99', 'max', 'mean'];

export function parseThreshold(input: string, scenarios?: readonly string[]): Threshold {
  const text = input.replace(/\s+/g, '');
  const match = /^(?:([a-z][a-z0-9-]*)\.)?([a-z0-9]+)(<=|>=|<|>)(\d+(?:\.\d+)?)(ms|s|%)?$/.exec(text);
  if (!match) throw new ThresholdError(`threshold '${input}': expected [scenario.]metric<value, e.g. p95<300ms, errors<1%, browse.p99<1s`);
  const [, scenario, metric = '', op = '<', raw = '', unit] = match;
  if (scenario && scenarios && !scenarios.includes(scenario))
    throw new ThresholdError(`threshold '${input}': unknown scenario '${scenario}' (known: ${scenarios.join(', ')})`);
  let value = Number(raw);
  if (LATENCIES.includes(metric)) {
    if (unit !== 'ms' && unit !== 's') throw new ThresholdError(`threshold '${input}': ${metric} needs ms or s`);
    if (unit === 's') value *= 1000;
  } else if (metric === 'errors') {
    if (unit !== '%') throw new ThresholdError(`threshold '${input}': errors needs a percentage (errors<1%)`);
  } else if (metric === 'rps') {
    if (unit !== undefined) throw new ThresholdError(`threshold '${input}': rps takes a bare number`);
  } else {
    throw new ThresholdError(`threshold '${input}': unknown metric '${metric}' (p50, p90, p95, p99, max, mean, errors, rps)`);
  }
  return {
    text: `${scenario ? `${scenario}.` : ''}${metric}${op}${raw}${unit ?? ''}`,
    ...(scenario ? { scenario } : {}),
    metric: metric as Metric,
    op: op as Comparison,
    value,
  };
}

/** A thresholds file: a JSON array of strings, or `{ "thresholds": [...] }`. */
export function readThresholdsFile(file: string, scenarios?: readonly string[]): Threshold[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ThresholdError(`--thresholds ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const list = Array.isArray(json) ? json : (json as { thresholds?: unknown } | null)?.thresholds;
  if (!Array.isArray(list) || !list.every((t) => typeof t === 'string'))
    throw new ThresholdError(`--thresholds ${file}: expected an array of strings or { "thresholds": [...] }`);
  return list.map((t) => parseThreshold(t, scenarios));
}

/** The metric's value in a summary; undefined without requests. */
export function measure(metric: Metric, summary: Summary | undefined): number | undefined {
  if (!summary || summary.requests === 0) return undefined;
  switch (metric) {
    case 'errors':
      return (100 * summary.errorCount) / summary.requests;
    case 'rps':
      return summary.throughputPerSecond;
    case 'p90':
      return summary.latencyMs.p90;
    default:
      return summary.latencyMs[metric];
  }
}

const holds = (measured: number, op: Comparison, value: number) =>
  op === '<' ? measured < value : op === '<=' ? measured <= value : op === '>' ? measured > value : measured >= value;

const unitOf = (metric: Metric) => (metric === 'errors' ? '%' : metric === 'rps' ? ' req/s' : ' ms');
const show = (value: number, metric: Metric) => `${value.toFixed(metric === 'errors' ? 2 : 1)}${unitOf(metric)}`;

/** Checks each threshold on the overall summary or its scenario's: passed, or why not with the measured value. */
export function evaluate(thresholds: readonly Threshold[], overall: Summary | undefined, byScenario: Record<string, Summary | undefined>): ThresholdResult[] {
  return thresholds.map((t) => {
    const summary = t.scenario ? byScenario[t.scenario] : overall;
    const where = t.scenario ? `scenario ${t.scenario}` : 'all requests';
    const measured = measure(t.metric, summary);
    if (measured === undefined || Number.isNaN(measured)) {
      return { threshold: t.text, passed: false, message: `${t.text} missed: no requests measured for ${where}` };
    }
    const passed = holds(measured, t.op, t.value);
    return {
      threshold: t.text,
      passed,
      measured,
      message: `${t.text} ${passed ? 'met' : 'missed'}: ${t.metric} of ${where} was ${show(measured, t.metric)}`,
    };
  });
}
