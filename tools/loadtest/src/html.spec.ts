import { toHtml } from './html';
import type { LoadTestReport } from './report';
import { summarise, type Sample } from './stats';
import { lineChart, niceMax, segments } from './svg';
import { perSecond, timeSeries } from './timeseries';
import { wellFormed } from './xml-check';

const sample = (scenario: string, startedAt: number, latencyMs: number, expected = true): Sample => ({
  step: 'GET /x',
  scenario,
  startedAt,
  latencyMs,
  outcome: 200,
  expected,
});

describe('per-second series', () => {
  it('buckets by start second, with percentiles, counts, errors and empty seconds', () => {
    const ts = perSecond([sample('a', 100, 10), sample('a', 900, 30), sample('a', 2500, 5, false)], 3, 'a');
    expect(ts.points).toEqual([
      { second: 0, requests: 2, errors: 0, p50: 10, p95: 30, p99: 30 },
      { second: 1, requests: 0, errors: 0, p50: null, p95: null, p99: null },
      { second: 2, requests: 1, errors: 1, p50: 5, p95: 5, p99: 5 },
    ]);
    expect(timeSeries([sample('a', 0, 1), sample('b', 0, 2)], 1, ['a', 'b']).map((t) => [t.name, t.points[0]?.requests])).toEqual([
      ['all', 2],
      ['a', 1],
      ['b', 1],
    ]);
  });
});

describe('the SVG chart', () => {
  it('is valid XML with one point per value, lines broken at gaps', () => {
    const svg = lineChart({
      title: 'Latency <p95> & co',
      xLabel: 's',
      yLabel: 'ms',
      series: [
        {
          name: 'p50',
          points: [
            [0, 10],
            [1, 20],
            [2, null],
            [3, 40],
          ],
        },
        {
          name: 'p95',
          points: [
            [0, 50],
            [1, 60],
          ],
        },
      ],
      marker: { value: 45, label: 'p95<45ms' },
    });
    expect(wellFormed(svg)).toBe(true);
    const polylines = [...svg.matchAll(/<polyline[^>]*points="([^"]*)"/g)].map((m) => (m[1] ?? '').split(' ').length);
    expect(polylines).toEqual([2, 1, 2]);
    expect(svg).toContain('Latency &lt;p95&gt; &amp; co');
    expect(svg).toContain('class="marker"');
  });

  it('places points on the axes: 0 at the bottom left, the maximum at the top right', () => {
    const svg = lineChart({
      title: 't',
      xLabel: 'x',
      yLabel: 'y',
      series: [
        {
          name: 's',
          points: [
            [0, 0],
            [10, 100],
          ],
        },
      ],
      width: 300,
      height: 200,
    });
    // plot: left 56, right 300-150=150, top 28, bottom 200-40=160
    expect(svg).toMatch(/points="56\.0,160\.0 150\.0,28\.0"/);
  });

  it('rounds the axis up to 1, 2 or 5 × 10^n and splits segments at nulls', () => {
    expect([niceMax(0), niceMax(7), niceMax(120), niceMax(450), niceMax(1000)]).toEqual([1, 10, 200, 500, 1000]);
    expect(
      segments(
        [
          [0, 1],
          [1, null],
          [2, 3],
        ],
        (v) => v,
        (v) => v,
      ),
    ).toEqual(['0.0,1.0', '2.0,3.0']);
  });
});

describe('the HTML report', () => {
  it('is one offline page: inline SVG, no script and no outside address', () => {
    const samples = [sample('browse', 100, 12), sample('browse', 1100, 20), sample('register', 1200, 40, false)];
    const report: LoadTestReport = {
      tool: 'platform-loadtest',
      startedAt: '2026-01-01T00:00:00.000Z',
      baseUrl: 'http://127.0.0.1:8080/',
      machine: 'm',
      load: 'open model, 10 arrivals/s',
      rampUpSeconds: 0,
      durationSeconds: 2,
      runId: 'r1',
      scenarios: [
        {
          name: 'browse',
          description: '',
          status: 'ran',
          notes: [],
          summary: summarise(samples.slice(0, 2), 2),
          checks: [{ name: 'x', passed: true, detail: 'ok' }],
        },
      ],
      overall: summarise(samples, 2),
      series: timeSeries(samples, 2, ['browse', 'register']),
      thresholds: [{ threshold: 'p95<0ms', passed: false, measured: 40, message: 'p95<0ms missed: p95 of all requests was 40.0 ms' }],
      passed: false,
    };
    const html = toHtml(report);
    expect(html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1:8080|www\.w3\.org\/2000\/svg)/);
    const svgs = [...html.matchAll(/<svg[\s\S]*?<\/svg>/g)].map((m) => m[0]);
    expect(svgs.length).toBe(5); // latency: all, browse, register; throughput; errors
    for (const svg of svgs) expect(wellFormed(svg)).toBe(true);
    expect(html).toContain('p95&lt;0ms missed: p95 of all requests was 40.0 ms');
    expect(html).toContain('<strong>Failed</strong>');
  });
});

describe('the well-formedness check the tests rely on', () => {
  it('finds broken markup', () => {
    expect(wellFormed('<svg><g a="1"/></svg>')).toBe(true);
    expect(wellFormed('<svg><g></svg>')).not.toBe(true);
    expect(wellFormed('<svg a="1" a="2"></svg>')).not.toBe(true);
    expect(wellFormed('<svg>a & b</svg>')).not.toBe(true);
    expect(wellFormed('<svg a=1></svg>')).not.toBe(true);
  });
});
