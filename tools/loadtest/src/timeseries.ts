import { percentile, type Sample } from './stats';

/** One second of a scenario (or of all requests): completions started in it, their latencies and errors. */
export interface SecondPoint {
  /** Seconds since the start of the run (ramp-up included). */
  second: number;
  requests: number;
  errors: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

export interface TimeSeries {
  /** `all`, or a scenario name. */
  name: string;
  points: SecondPoint[];
}

/** Buckets samples by the second they started in, from 0 to `seconds` (every second present, empty ones with 0 and null). */
export function perSecond(samples: readonly Sample[], seconds: number, name: string): TimeSeries {
  const buckets: number[][] = Array.from({ length: Math.max(1, Math.ceil(seconds)) }, () => []);
  const errors = buckets.map(() => 0);
  for (const s of samples) {
    const i = Math.min(buckets.length - 1, Math.max(0, Math.floor(s.startedAt / 1000)));
    buckets[i]?.push(s.latencyMs);
    if (!s.expected) errors[i] = (errors[i] ?? 0) + 1;
  }
  const round = (v: number) => (Number.isNaN(v) ? null : Math.round(v * 100) / 100);
  return {
    name,
    points: buckets.map((latencies, second) => {
      latencies.sort((a, b) => a - b);
      return {
        second,
        requests: latencies.length,
        errors: errors[second] ?? 0,
        p50: round(percentile(latencies, 50)),
        p95: round(percentile(latencies, 95)),
        p99: round(percentile(latencies, 99)),
      };
    }),
  };
}

/** The series of all requests, then one per scenario in the order given. */
export function timeSeries(samples: readonly Sample[], seconds: number, scenarios: readonly string[]): TimeSeries[] {
  return [
    perSecond(samples, seconds, 'all'),
    ...scenarios.map((name) =>
      perSecond(
        samples.filter((s) => s.scenario === name),
        seconds,
        name,
      ),
    ),
  ];
}
