import type { LoadTestReport } from './report';
import type { Summary } from './stats';
import { escapeXml, lineChart } from './svg';
import type { TimeSeries } from './timeseries';

/**
 * The report as one self-contained HTML page: the summary table, thresholds and checks, and
 * latency-over-time (p50/p95/p99 per second), throughput and errors as inline SVG. No script, no
 * stylesheet or font from elsewhere: it opens offline.
 */
export function toHtml(report: LoadTestReport): string {
  const series = report.series ?? [];
  const charts: string[] = [];
  const withLatency = (ts: TimeSeries) => ts.points.some((p) => p.requests > 0);
  for (const ts of series.filter(withLatency)) {
    const marker = (report.thresholds ?? [])
      .map((t) => /^(?:([a-z0-9-]+)\.)?p95<=?(\d+(?:\.\d+)?)(ms|s)$/.exec(t.threshold))
      .find((m) => m && (m[1] ?? 'all') === ts.name);
    charts.push(
      lineChart({
        title: `Latency per second: ${ts.name}`,
        xLabel: 'seconds since start (ramp-up included)',
        yLabel: 'ms',
        series: (['p50', 'p95', 'p99'] as const).map((key) => ({ name: key, points: ts.points.map((p) => [p.second, p[key]] as [number, number | null]) })),
        ...(marker ? { marker: { value: Number(marker[2]) * (marker[3] === 's' ? 1000 : 1), label: `threshold ${marker[0]}` } } : {}),
      }),
    );
  }
  const perScenario = series.filter((ts) => ts.name !== 'all');
  const shown = perScenario.length > 0 ? perScenario : series;
  charts.push(
    lineChart({
      title: 'Throughput (requests started per second)',
      xLabel: 'seconds since start',
      yLabel: 'req/s',
      series: shown.map((ts) => ({ name: ts.name, points: ts.points.map((p) => [p.second, p.requests] as [number, number]) })),
    }),
    lineChart({
      title: 'Errors per second',
      xLabel: 'seconds since start',
      yLabel: 'errors/s',
      series: shown.map((ts) => ({ name: ts.name, points: ts.points.map((p) => [p.second, p.errors] as [number, number]) })),
    }),
  );

  const e = escapeXml;
  const num = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '–' : v.toFixed(1));
  const rows: { name: string; summary?: Summary; note: string }[] = [
    ...report.scenarios.map((s) => ({
      name: s.name as string,
      summary: s.summary,
      note: s.status === 'skipped' ? `skipped: ${s.notes.join('; ')}` : s.notes.join('; '),
    })),
  ];
  if (report.overall) rows.push({ name: 'all', summary: report.overall, note: '' });
  const table = rows
    .map(
      (r) =>
        `<tr><td>${e(r.name)}</td><td>${r.summary?.requests ?? '–'}</td><td>${num(r.summary?.throughputPerSecond)}</td><td>${num(r.summary?.latencyMs.p50)}</td><td>${num(r.summary?.latencyMs.p95)}</td><td>${num(r.summary?.latencyMs.p99)}</td><td>${r.summary?.errorCount ?? '–'}</td><td>${e(r.note)}</td></tr>`,
    )
    .join('\n');
  const thresholds = (report.thresholds ?? []).map((t) => `<li class="${t.passed ? 'ok' : 'fail'}">${e(t.message)}</li>`).join('\n');
  const checks = report.scenarios
    .flatMap((s) => (s.checks ?? []).map((c) => `<li class="${c.passed ? 'ok' : 'fail'}">${e(s.name)}: ${e(c.name)}: ${e(c.detail)}</li>`))
    .join('\n');
  const verdict = report.passed === undefined ? '' : `<p class="${report.passed ? 'ok' : 'fail'}"><strong>${report.passed ? 'Passed' : 'Failed'}</strong></p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>Load test ${e(report.runId)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: right; }
td:first-child, td:last-child, th:first-child { text-align: left; }
.ok { color: #1a7f37; } .fail { color: #b42318; font-weight: bold; }
figure { margin: 1rem 0; }
</style>
</head>
<body>
<h1>Load test ${e(report.runId)}</h1>
<p>${e(report.startedAt)} against ${e(report.baseUrl)}; ${e(report.load)}; ramp-up ${report.rampUpSeconds} s, then ${report.durationSeconds} s measured${report.interrupted ? ' (interrupted)' : ''}. ${e(report.machine)}.</p>
${verdict}
<table>
<thead><tr><th>scenario</th><th>requests</th><th>req/s</th><th>p50 ms</th><th>p95 ms</th><th>p99 ms</th><th>errors</th><th>notes</th></tr></thead>
<tbody>
${table}
</tbody>
</table>
${thresholds ? `<h2>Thresholds</h2>\n<ul>\n${thresholds}\n</ul>` : ''}
${checks ? `<h2>Checks</h2>\n<ul>\n${checks}\n</ul>` : ''}
<h2>Over time</h2>
${charts.map((c) => `<figure>\n${c}\n</figure>`).join('\n')}
</body>
</html>
`;
}
