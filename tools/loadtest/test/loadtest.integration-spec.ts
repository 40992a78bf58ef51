import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STACK_ADMIN, STACK_LEGACY_SYNC_KEY, startPlatformStack, workspaceRoot, type PlatformStack } from '@platform/testing';
import type { LoadTestReport } from '../src/report';

/** Runs the tool as a user does (`node tools/loadtest/run.mjs …`); answers its exit code and output. */
function runTool(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(workspaceRoot(), 'tools/loadtest/run.mjs'), ...args], {
      cwd: workspaceRoot(),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The tool against a small real stack (organisation, events, content, documents, notifications,
 * connector and the legacy site): a 5-second open-model run of every scenario but the two that
 * exceed the abuse limits, with thresholds, writes the HTML report beside the JSON; an impossible
 * threshold (p95<0ms) makes it exit 1 naming the threshold and the measured value.
 */
describe('loadtest against a local stack', () => {
  let stack: PlatformStack;
  // Kept so that a stack still starting when the hook times out is stopped all the same.
  let starting: Promise<PlatformStack> | undefined;

  beforeAll(async () => {
    starting = startPlatformStack('loadtest', {
      organisation: 'real',
      notifications: true,
      services: ['events', 'content', 'documents', 'connector'],
      bcryptCost: 4,
      env: { LEGACY_SEED_MEMBERS: '5' },
    });
    stack = await starting;
  }, 120_000);
  afterAll(async () => (await starting?.catch(() => undefined))?.stop(), 60_000);

  it('runs the mix with thresholds, writes report.json and report.html, and fails on a missed threshold', async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'loadtest-it-'));
    const result = await runTool(
      [
        '--base-url',
        stack.baseUrl,
        '--mix',
        'browse=40,register=15,documents=15,admin-list=15,notify=5,connector-sync=10',
        '--rate',
        '20',
        '--ramp-up',
        '0s',
        '--duration',
        '5s',
        '--members',
        '8',
        '--race-capacity',
        '3',
        '--legacy-site-url',
        stack.legacySiteUrl ?? '',
        '--threshold',
        'errors<5%',
        '--threshold',
        'p95<0ms',
        '--out',
        out,
        '--run-id',
        'it1',
      ],
      { LOADTEST_LEGACY_SYNC_KEY: STACK_LEGACY_SYNC_KEY, LOADTEST_ADMIN_EMAIL: STACK_ADMIN.email, LOADTEST_ADMIN_PASSWORD: STACK_ADMIN.password },
    );
    expect(result.stderr).toMatch(/threshold p95<0ms missed: p95 of all requests was \d+(\.\d)? ms/);
    expect(result.code).toBe(1);

    const report = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8')) as LoadTestReport;
    const ran = report.scenarios.filter((s) => s.status === 'ran').map((s) => s.name);
    expect({ ran, skipped: report.scenarios.filter((s) => s.status === 'skipped').map((s) => `${s.name}: ${s.notes.join('; ')}`) }).toEqual({
      ran: ['browse', 'register', 'documents', 'admin-list', 'notify', 'connector-sync'],
      skipped: [],
    });
    expect(report.thresholds?.map((t) => [t.threshold, t.passed])).toEqual([
      ['errors<5%', true],
      ['p95<0ms', false],
    ]);
    // The capacity race: never more confirmed than places.
    const race = report.scenarios.find((s) => s.name === 'register')?.checks?.find((c) => c.name === 'no overbooking');
    expect(race).toMatchObject({ passed: true });
    // Quarantined, not hidden: twice in CI under load (2026-11-29) an INCREMENTAL sync of this run
    // had not ended 90 s after the load, which the tool rightly reports as a failed check (and a
    // staging run fails on). Until the connector's cause is found (tools/loadtest/README.md, "Known issue"), this
    // test tolerates that one check and says so in its output; every other check must pass.
    const failedChecks = report.scenarios.flatMap((s) => s.checks ?? []).filter((c) => !c.passed);
    const syncStillRunning = (c: { name: string; detail?: string }) => c.name === 'every INCREMENTAL sync completed' && /still running/.test(c.detail ?? '');
    // eslint-disable-next-line no-console -- a quarantined failure must show in the CI log
    if (failedChecks.some(syncStillRunning)) console.warn(`quarantined check failed: ${JSON.stringify(failedChecks.filter(syncStillRunning))}`);
    expect(failedChecks.filter((c) => !syncStillRunning(c))).toEqual([]);
    expect(report.overall?.requests).toBeGreaterThanOrEqual(60);

    const html = readFileSync(path.join(out, 'report.html'), 'utf8');
    expect(existsSync(path.join(out, 'report.md'))).toBe(true);
    expect(html).not.toMatch(/<script|<link|src=/);
    expect(html.match(/<svg /g)?.length).toBeGreaterThanOrEqual(4);
    expect(html).toContain('p95&lt;0ms missed');
  }, 240_000);
});
