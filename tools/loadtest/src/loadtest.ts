import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadTestOptions } from './args';
import { toHtml } from './html';
import { HttpClient } from './http-client';
import { mixPicker, shares } from './mix';
import { showProgress } from './progress';
import { loadLine, machineLine, toMarkdown, type Check, type LoadTestReport, type ScenarioReport } from './report';
import { LiveCounters, runPlan } from './runner';
import { SCENARIOS } from './scenarios';
import type { ScenarioPlan, Step } from './scenarios/scenario';
import { setUp, type SetupHooks } from './setup';
import { summarise, summariseBySteps, type Sample } from './stats';
import { evaluate } from './thresholds';
import { timeSeries } from './timeseries';

export type { SetupHooks } from './setup';

/** The plans of the scenarios that are ready, as one: each next request from the scenario the mix picks, tagged with its name. */
export function mixedPlan(plans: Map<string, ScenarioPlan>, weights: Map<string, number>): ScenarioPlan {
  const pick = mixPicker(new Map([...weights].filter(([name]) => plans.has(name))));
  return {
    notes: [],
    next: () => {
      const name = pick();
      const next = plans.get(name)?.next();
      if (!next) throw new Error(`no plan for ${name}`);
      const tag = (step: Step): Step => ({ ...step, scenario: name });
      return Array.isArray(next) ? next.map(tag) : tag(next);
    },
  };
}

/**
 * A whole run: the setup (accounts, organisation), each scenario's own data, then all ready
 * scenarios together in their shares for ramp-up + duration, then their checks; thresholds are
 * evaluated on the measured part. `stop` (Ctrl-C) ends the load early; the report is still whole.
 * Progress and notes go to `log` (stderr); answers the report.
 */
export async function runLoadTest(
  options: LoadTestOptions,
  hooks: SetupHooks = {},
  log: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
  stop?: AbortSignal,
): Promise<LoadTestReport> {
  const http = new HttpClient(options.baseUrl, options.timeoutMs);
  const report: LoadTestReport = {
    tool: 'platform-loadtest',
    startedAt: new Date().toISOString(),
    baseUrl: options.baseUrl.href,
    machine: machineLine(),
    load: loadLine(options),
    rampUpSeconds: options.rampUpMs / 1000,
    durationSeconds: options.durationMs / 1000,
    runId: options.runId,
    scenarios: [],
  };
  const percent = shares(options.mix);
  log(
    `loadtest ${options.runId}: ${options.baseUrl.href}, ${report.load}, mix ${Object.entries(percent)
      .map(([n, p]) => `${n} ${p}%`)
      .join(', ')}`,
  );
  const world = await setUp(http, options, hooks, log);

  const plans = new Map<string, ScenarioPlan>();
  for (const name of options.scenarios) {
    if (stop?.aborted) break;
    const scenario = SCENARIOS[name];
    const entry: ScenarioReport = { name, description: scenario.description, status: 'skipped', notes: [], sharePercent: percent[name] };
    report.scenarios.push(entry);
    const prepared = await scenario.prepare(world);
    if (prepared.kind === 'skipped') {
      entry.notes.push(prepared.reason);
      log(`${name}: skipped: ${prepared.reason}`);
      continue;
    }
    for (const note of prepared.plan.notes) log(`${name}: ${note}`);
    entry.notes.push(...prepared.plan.notes);
    entry.status = 'ran';
    plans.set(name, prepared.plan);
  }
  if (plans.size === 0 || stop?.aborted) {
    report.interrupted = stop?.aborted === true;
    log('loadtest: no scenario ready to run');
    return finish(report, options, [], []);
  }

  const live = new LiveCounters();
  const timeline = { rampUpMs: options.rampUpMs, durationMs: options.durationMs };
  const hide = showProgress('mix', live, timeline.rampUpMs + timeline.durationMs, timeline.rampUpMs);
  const result = await runPlan(
    mixedPlan(plans, options.mix),
    http,
    { timeline, load: options.load, maxInFlight: options.maxInFlight, drainMs: options.timeoutMs, stop },
    live,
  ).finally(hide);
  report.interrupted = result.stopped;
  if (result.stopped) log(`loadtest: stopped after ${(result.elapsedMs / 1000).toFixed(1)} s; writing the report`);

  const checks = new Map<string, Check[]>();
  for (const [name, plan] of plans) {
    if (!plan.verify) continue;
    try {
      checks.set(name, await plan.verify());
    } catch (err) {
      checks.set(name, [{ name: 'checks ran', passed: false, detail: err instanceof Error ? err.message : String(err) }]);
    }
  }
  for (const entry of report.scenarios) {
    const list = checks.get(entry.name);
    if (list) entry.checks = list;
  }
  const seconds = Math.max(0.001, (Math.min(result.elapsedMs, timeline.rampUpMs + timeline.durationMs) - timeline.rampUpMs) / 1000);
  return finish(report, options, result.samples, [...plans.keys()], seconds, result.dropped);
}

function finish(
  report: LoadTestReport,
  options: LoadTestOptions,
  samples: Sample[],
  ran: string[],
  seconds = options.durationMs / 1000,
  dropped = 0,
): LoadTestReport {
  const measured = samples.filter((s) => s.startedAt >= options.rampUpMs);
  const byScenario: Record<string, ReturnType<typeof summarise>> = {};
  for (const entry of report.scenarios) {
    if (entry.status !== 'ran') continue;
    const mine = measured.filter((s) => s.scenario === entry.name);
    entry.summary = byScenario[entry.name] = summarise(mine, seconds);
    entry.steps = summariseBySteps(mine, seconds);
    entry.rampUpRequests = samples.filter((s) => s.scenario === entry.name).length - mine.length;
  }
  report.overall = summarise(measured, seconds);
  report.series = timeSeries(samples, (options.rampUpMs + options.durationMs) / 1000, ran);
  report.thresholds = evaluate(options.thresholds, report.overall, byScenario);
  const checksPassed = report.scenarios.every((s) => (s.checks ?? []).every((c) => c.passed));
  report.passed = report.thresholds.every((t) => t.passed) && checksPassed;
  if (dropped) report.dropped = dropped;
  return report;
}

/** Writes report.json, report.html and report.md into the folder `out`; answers their paths. */
export function writeReport(report: LoadTestReport, out: string): string[] {
  mkdirSync(path.resolve(out), { recursive: true });
  const json = path.join(out, 'report.json');
  const html = path.join(out, 'report.html');
  const markdown = path.join(out, 'report.md');
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(html, toHtml(report));
  writeFileSync(markdown, `# Load test ${report.runId}\n\n${report.startedAt}, ${report.machine}\n\n${toMarkdown(report)}\n`);
  return [json, html, markdown];
}
