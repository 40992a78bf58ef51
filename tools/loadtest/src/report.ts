import os from 'node:os';
import type { LoadTestOptions } from './args';
import type { ScenarioName } from './scenarios/names';
import type { Summary } from './stats';
import type { ThresholdResult } from './thresholds';
import type { TimeSeries } from './timeseries';

/** A correctness check a scenario makes after the load (no overbooking, the sync ended). */
export interface Check {
  name: string;
  passed: boolean;
  detail: string;
}

export interface ScenarioReport {
  name: ScenarioName;
  description: string;
  status: 'ran' | 'skipped';
  /** Why it was skipped, or what it left out. */
  notes: string[];
  /** The measured part (after the ramp-up), overall and per step. */
  summary?: Summary;
  steps?: { step: string; summary: Summary }[];
  /** Open model: arrivals not sent because too many requests were in flight. */
  dropped?: number;
  /** Requests made during the ramp-up (not in the summary). */
  rampUpRequests?: number;
  /** Its share of the arrivals (`--mix`), in percent. */
  sharePercent?: number;
  checks?: Check[];
}

export interface LoadTestReport {
  tool: 'platform-loadtest';
  startedAt: string;
  baseUrl: string;
  machine: string;
  load: string;
  rampUpSeconds: number;
  durationSeconds: number;
  runId: string;
  scenarios: ScenarioReport[];
  /** All measured requests together. */
  overall?: Summary;
  /** Per second from the start (ramp-up included): all requests, then each scenario. */
  series?: TimeSeries[];
  thresholds?: ThresholdResult[];
  /** Open model: arrivals not sent because `--max-in-flight` requests were in flight (measured part). */
  dropped?: number;
  /** Set when Ctrl-C (or a signal) ended the load before its time. */
  interrupted?: boolean;
  /** Every threshold met and every check passed. */
  passed?: boolean;
}

export function machineLine(): string {
  const cpus = os.cpus();
  const load = os.loadavg()[0] ?? 0;
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()}, load average ${load.toFixed(1)} at the start`;
}

export function loadLine(options: Pick<LoadTestOptions, 'load'>): string {
  return options.load.kind === 'rate' ? `open model, ${options.load.perSecond} arrivals/s` : `closed model, ${options.load.users} concurrent users`;
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0));

/** `200: 950, 401: 50` with unexpected outcomes marked: `503: 3 (error)`. */
export function outcomesText(summary: Summary): string {
  const entries = Object.entries(summary.outcomes).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return '–';
  return entries
    .map(([key, count]) => {
      const errors = summary.errors[key] ?? 0;
      return `${key}: ${count}${errors === 0 ? '' : errors === count ? ' (error)' : ` (${errors} errors)`}`;
    })
    .join(', ');
}

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

const cells = (label: string, x: Summary) => [
  label,
  String(x.requests),
  x.throughputPerSecond.toFixed(1),
  ms(x.latencyMs.p50),
  ms(x.latencyMs.p95),
  ms(x.latencyMs.p99),
  ms(x.latencyMs.max),
  String(x.errorCount),
  outcomesText(x),
];

/** The summary table (one row per scenario, then one per step) as Markdown. */
export function toMarkdown(report: LoadTestReport): string {
  const lines = [
    row(['scenario', 'requests', 'throughput (req/s)', 'p50 (ms)', 'p95 (ms)', 'p99 (ms)', 'max (ms)', 'errors', 'answers by status']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']),
  ];
  const notes: string[] = [];
  for (const scenario of report.scenarios) {
    const s = scenario.summary;
    if (scenario.status === 'skipped' || !s) {
      lines.push(row([`**${scenario.name}**`, '–', '–', '–', '–', '–', '–', '–', `skipped: ${scenario.notes.join('; ')}`]));
      continue;
    }
    lines.push(row(cells(`**${scenario.name}**`, s)));
    const steps = scenario.steps ?? [];
    if (steps.length > 1) for (const step of steps) lines.push(row(cells(`&nbsp;&nbsp;${step.step}`, step.summary)));
    if (scenario.dropped) notes.push(`${scenario.name}: ${scenario.dropped} arrivals not sent (too many requests in flight).`);
    for (const note of scenario.notes) notes.push(`${scenario.name}: ${note}.`);
    for (const check of scenario.checks ?? []) notes.push(`${scenario.name}: check ${check.name} ${check.passed ? 'passed' : 'FAILED'}: ${check.detail}.`);
  }
  if (report.overall) lines.push(row(cells('**all**', report.overall)));
  const thresholdLines = (report.thresholds ?? []).map((t) => `- ${t.message}`);
  return [
    `Target ${report.baseUrl}; ${report.load}; ${report.rampUpSeconds} s ramp-up (not measured), then ${report.durationSeconds} s measured${report.interrupted ? ' (interrupted: cut short)' : ''}.`,
    '',
    ...lines,
    ...(notes.length ? ['', ...notes.map((n) => `- ${n}`)] : []),
    ...(report.dropped ? ['', `${report.dropped} arrivals not sent (too many requests in flight).`] : []),
    ...(thresholdLines.length ? ['', 'Thresholds:', ...thresholdLines] : []),
    ...(report.passed === undefined ? [] : ['', report.passed ? 'Result: passed.' : 'Result: FAILED.']),
  ].join('\n');
}

/** Prints each missed threshold and failed check on stderr; answers the exit status (0 passed, 1 not). */
export function verdict(report: LoadTestReport, write: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): number {
  for (const t of report.thresholds ?? []) if (!t.passed) write(`loadtest: threshold ${t.message}`);
  for (const s of report.scenarios) for (const c of s.checks ?? []) if (!c.passed) write(`loadtest: check failed: ${s.name}: ${c.name}: ${c.detail}`);
  return report.passed === false ? 1 : 0;
}
