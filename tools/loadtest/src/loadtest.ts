import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadTestOptions } from './args';
import { HttpClient } from './http-client';
import { showProgress } from './progress';
import { loadLine, machineLine, toMarkdown, type LoadTestReport, type ScenarioReport } from './report';
import { LiveCounters, runPlan } from './runner';
import { SCENARIOS } from './scenarios';
import { setUp, type SetupHooks } from './setup';
import { summarise, summariseBySteps } from './stats';

export type { SetupHooks } from './setup';

/**
 * A whole run: the setup step (accounts, organisation), then each scenario for ramp-up + duration,
 * one after the other. Progress and notes go to `log` (stderr); answers the report.
 */
export async function runLoadTest(
  options: LoadTestOptions,
  hooks: SetupHooks = {},
  log: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
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
  log(`loadtest ${options.runId}: ${options.baseUrl.href}, ${report.load}, scenarios ${options.scenarios.join(', ')}`);
  const world = await setUp(http, options, hooks, log);
  for (const name of options.scenarios) {
    const scenario = SCENARIOS[name];
    const prepared = await scenario.prepare(world);
    const entry: ScenarioReport = { name, description: scenario.description, status: 'skipped', notes: [] };
    report.scenarios.push(entry);
    if (prepared.kind === 'skipped') {
      entry.notes.push(prepared.reason);
      log(`${name}: skipped: ${prepared.reason}`);
      continue;
    }
    for (const note of prepared.plan.notes) log(`${name}: ${note}`);
    const live = new LiveCounters();
    const timeline = { rampUpMs: options.rampUpMs, durationMs: options.durationMs };
    const stop = showProgress(name, live, timeline.rampUpMs + timeline.durationMs, timeline.rampUpMs);
    const result = await runPlan(
      prepared.plan,
      http,
      { timeline, load: options.load, maxInFlight: options.maxInFlight, drainMs: options.timeoutMs },
      live,
    ).finally(stop);
    const measured = result.samples.filter((s) => s.startedAt >= timeline.rampUpMs);
    const seconds = options.durationMs / 1000;
    Object.assign(entry, {
      status: 'ran',
      notes: prepared.plan.notes,
      summary: summarise(measured, seconds),
      steps: summariseBySteps(measured, seconds),
      dropped: result.dropped,
      rampUpRequests: result.samples.length - measured.length,
    } satisfies Partial<ScenarioReport>);
  }
  return report;
}

/** Writes `<out>.json` and `<out>.md`. */
export function writeReport(report: LoadTestReport, out: string): string[] {
  mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  const json = `${out}.json`;
  const markdown = `${out}.md`;
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(markdown, `# Load test ${report.runId}\n\n${report.startedAt}, ${report.machine}\n\n${toMarkdown(report)}\n`);
  return [json, markdown];
}
