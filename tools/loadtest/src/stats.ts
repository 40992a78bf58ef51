/** Nearest-rank percentile of ascending samples; NaN without samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? NaN;
}

/** What happened to one request: an HTTP status, or why there was none. */
export type Outcome = number | 'timeout' | 'network' | 'off-target';

export interface Sample {
  step: string;
  /** The scenario the request belongs to (a mixed run interleaves them). */
  scenario?: string;
  /** Start, in ms since the scenario started. */
  startedAt: number;
  latencyMs: number;
  outcome: Outcome;
  /** The outcome was one the step expects (a 401 for a wrong password is). */
  expected: boolean;
}

export interface LatencySummary {
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export interface Summary {
  requests: number;
  throughputPerSecond: number;
  latencyMs: LatencySummary;
  /** Count by HTTP status (or `timeout`, `network`). */
  outcomes: Record<string, number>;
  /** Outcomes the steps did not expect, by status: the errors. */
  errors: Record<string, number>;
  errorCount: number;
}

export function summarise(samples: readonly Sample[], seconds: number): Summary {
  const latencies = samples.map((s) => s.latencyMs).sort((a, b) => a - b);
  const outcomes: Record<string, number> = {};
  const errors: Record<string, number> = {};
  let total = 0;
  for (const s of samples) {
    const key = String(s.outcome);
    outcomes[key] = (outcomes[key] ?? 0) + 1;
    if (!s.expected) errors[key] = (errors[key] ?? 0) + 1;
    total += s.latencyMs;
  }
  return {
    requests: samples.length,
    throughputPerSecond: seconds > 0 ? samples.length / seconds : 0,
    latencyMs: {
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? NaN,
      mean: samples.length ? total / samples.length : NaN,
    },
    outcomes,
    errors,
    errorCount: Object.values(errors).reduce((a, b) => a + b, 0),
  };
}

/** Summaries per step label, in first-seen order. */
export function summariseBySteps(samples: readonly Sample[], seconds: number): { step: string; summary: Summary }[] {
  const groups = new Map<string, Sample[]>();
  for (const s of samples) {
    const list = groups.get(s.step) ?? [];
    list.push(s);
    groups.set(s.step, list);
  }
  return [...groups].map(([step, list]) => ({ step, summary: summarise(list, seconds) }));
}
