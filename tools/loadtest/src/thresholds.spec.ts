import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Summary } from './stats';
import { evaluate, parseThreshold, readThresholdsFile, ThresholdError } from './thresholds';

const summary = (p95: number, errors: number, requests = 100): Summary => ({
  requests,
  throughputPerSecond: requests / 10,
  latencyMs: { p50: p95 / 2, p90: p95 * 0.9, p95, p99: p95 * 2, max: p95 * 3, mean: p95 / 2 },
  outcomes: { '200': requests - errors, '503': errors },
  errors: errors ? { '503': errors } : {},
  errorCount: errors,
});

describe('parseThreshold', () => {
  it('reads latency in ms or s, errors in %, rps, and a scenario prefix', () => {
    expect(parseThreshold('p95<300ms')).toEqual({ text: 'p95<300ms', metric: 'p95', op: '<', value: 300 });
    expect(parseThreshold(' p99 <= 1.5s ')).toMatchObject({ metric: 'p99', op: '<=', value: 1500 });
    expect(parseThreshold('errors<1%')).toMatchObject({ metric: 'errors', value: 1 });
    expect(parseThreshold('browse.p95<200ms', ['browse'])).toMatchObject({ scenario: 'browse', metric: 'p95', value: 200 });
    expect(parseThreshold('rps>=50')).toMatchObject({ metric: 'rps', op: '>=', value: 50 });
  });

  it.each([
    ['p95<300', /needs ms or s/],
    ['errors<1', /percentage/],
    ['p42<1ms', /unknown metric/],
    ['p95~1ms', /expected/],
    ['nope.p95<1ms', /unknown scenario 'nope'/],
    ['rps>5ms', /bare number/],
  ])('refuses %s', (text, message) => {
    expect(() => parseThreshold(text, ['browse'])).toThrow(message);
  });

  it('reads a file of thresholds, as an array or under "thresholds"', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lt-thresholds-'));
    writeFileSync(path.join(dir, 'a.json'), JSON.stringify(['p95<1s']));
    writeFileSync(path.join(dir, 'b.json'), JSON.stringify({ thresholds: ['errors<2%', 'browse.p50<10ms'] }));
    writeFileSync(path.join(dir, 'c.json'), JSON.stringify({ p95: 1 }));
    expect(readThresholdsFile(path.join(dir, 'a.json')).map((t) => t.value)).toEqual([1000]);
    expect(readThresholdsFile(path.join(dir, 'b.json')).map((t) => t.text)).toEqual(['errors<2%', 'browse.p50<10ms']);
    expect(() => readThresholdsFile(path.join(dir, 'c.json'))).toThrow(ThresholdError);
    expect(() => readThresholdsFile(path.join(dir, 'missing.json'))).toThrow(ThresholdError);
  });
});

describe('evaluate', () => {
  it('passes and fails with the measured value in the message', () => {
    const results = evaluate(
      [parseThreshold('p95<300ms'), parseThreshold('errors<1%'), parseThreshold('browse.p95<100ms'), parseThreshold('p95<0ms')],
      summary(250, 5),
      { browse: summary(150, 0) },
    );
    expect(results.map((r) => r.passed)).toEqual([true, false, false, false]);
    expect(results[1]?.message).toBe('errors<1% missed: errors of all requests was 5.00%');
    expect(results[2]?.message).toBe('browse.p95<100ms missed: p95 of scenario browse was 150.0 ms');
    expect(results[3]?.measured).toBe(250);
  });

  it('fails a threshold with nothing measured', () => {
    const [result] = evaluate([parseThreshold('register.p95<1s')], summary(1, 0), {});
    expect(result).toMatchObject({ passed: false, message: 'register.p95<1s missed: no requests measured for scenario register' });
  });
});
