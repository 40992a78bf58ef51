import { percentile, summarise, summariseBySteps, type Sample } from './stats';

const sample = (latencyMs: number, outcome: Sample['outcome'] = 200, step = 'GET /a', expected = outcome === 200): Sample => ({
  step,
  startedAt: 0,
  latencyMs,
  outcome,
  expected,
});

describe('percentile', () => {
  it('is the nearest rank of ascending samples', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2, 3], 0)).toBe(1);
  });

  it('is NaN without samples', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('summarise', () => {
  it('gives throughput, latency percentiles and answers by status, unexpected ones as errors', () => {
    const samples = [
      ...Array.from({ length: 96 }, (_, i) => sample(i + 1)),
      sample(200, 401, 'POST /login', true),
      sample(300, 503),
      sample(400, 'timeout'),
      sample(500, 'network'),
    ];
    const summary = summarise(samples, 10);
    expect(summary.requests).toBe(100);
    expect(summary.throughputPerSecond).toBe(10);
    expect(summary.latencyMs).toMatchObject({ p50: 50, p95: 95, p99: 400, max: 500 });
    expect(summary.outcomes).toEqual({ '200': 96, '401': 1, '503': 1, timeout: 1, network: 1 });
    expect(summary.errors).toEqual({ '503': 1, timeout: 1, network: 1 });
    expect(summary.errorCount).toBe(3);
  });

  it('summarises each step on its own', () => {
    const steps = summariseBySteps([sample(1, 200, 'a'), sample(2, 200, 'b'), sample(3, 200, 'a')], 1);
    expect(steps.map((s) => [s.step, s.summary.requests, s.summary.latencyMs.max])).toEqual([
      ['a', 2, 3],
      ['b', 1, 2],
    ]);
  });

  it('copes with no samples', () => {
    expect(summarise([], 5)).toMatchObject({ requests: 0, throughputPerSecond: 0, errorCount: 0 });
  });
});
