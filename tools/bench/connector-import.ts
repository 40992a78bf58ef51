// The connector at scale (issue 16): the legacy site with its `load` preset (100,000 members,
// 20,000 articles, 1,000 events, 50 conferences, 2,000 documents, 500 companies, 500
// notifications) migrated into one organisation through the gateway, the way an admin does it:
//  1. INITIAL_IMPORT: records/s end to end (every record fetched from the site, mapped, written
//     through the services' batch upserts, logged), per entity type, and each app's peak RSS
//     against its chart limit (deploy/values/<app>.yaml) — target 5,000 records/s;
//  2. FULL_SYNC of the unchanged site: all SKIP, and how much faster — target at least twice;
//  3. INCREMENTAL after 100 changes on the site (members changed through the site's own
//     `PUT /sync/members/{id}`): only those 100 touched — target under 2 s.
// Needs the apps built: `npx nx run-many -t build`. Run: `npm run bench -- connector-import`
// (`--members N` and the other LEGACY_SEED_* sizes can be lowered for a quick look: `--scale 0.1`).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STACK_ADMIN, STACK_LEGACY_SYNC_KEY, startPlatformStack, workspaceRoot } from '@platform/testing';
import { appPids, cpuSeconds, machineCpuSeconds, procStatus } from './processes';
import { machineLine, writeSection, runBench } from './report';

const LEGACY_SITE_TYPE_ID = '6c0a3b52-6d8e-4c41-9f0e-1a7c5e2b0001';
const APPS = ['connector', 'organisation', 'content', 'events', 'documents', 'notifications', 'identity', 'gateway', 'legacy-site'] as const;
type AppName = (typeof APPS)[number];
const LOAD = { members: 100_000, articles: 20_000, events: 1000, conferences: 50, documents: 2000, companies: 500, notifications: 500 };
const CHANGES = 100;

interface Progress {
  entityType: string;
  fetched: number;
  created: number;
  updated: number;
  skipped: number;
  conflicts: number;
  failed: number;
  done: boolean;
}
interface Job {
  id: string;
  status: string;
  jobType: string;
  errorMessage: string;
  progress: Progress[];
  totals: Progress;
  startedAt: string | null;
  finishedAt: string | null;
}
interface Run {
  job: Job;
  seconds: number;
  /** When each entity type was seen done, in seconds from the start (polled every 200 ms). */
  doneAt: Record<string, number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

function argValue(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** The chart's memory limit of an app in MB, from deploy/values/<app>.yaml (`limits: {memory: 512Mi}`). */
function chartLimitMb(app: string): number | undefined {
  try {
    const values = readFileSync(path.join(workspaceRoot(), 'deploy/values', `${app}.yaml`), 'utf8');
    const match = values.match(/limits:\s*\{\s*memory:\s*(\d+)(Mi|Gi)/);
    return match ? Number(match[1]) * (match[2] === 'Gi' ? 1024 : 1) : undefined;
  } catch {
    return undefined;
  }
}

class Api {
  constructor(private readonly baseUrl: string) {}
  token = '';

  async call<T = unknown>(method: string, url: string, body?: unknown, token = this.token): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }
}

/** Peak RSS of each app while `during` runs, sampled every 250 ms. */
async function peakRss<T>(pids: Map<AppName, number>, during: Promise<T>): Promise<{ result: T; peaks: Map<AppName, number> }> {
  const peaks = new Map<AppName, number>();
  let running = true;
  const sampler = (async () => {
    while (running) {
      for (const [app, pid] of pids) peaks.set(app, Math.max(peaks.get(app) ?? 0, procStatus(pid).rss));
      await sleep(250);
    }
  })();
  try {
    return { result: await during, peaks };
  } finally {
    running = false;
    await sampler;
  }
}

async function main(): Promise<void> {
  const scale = Number(argValue('scale') ?? '1');
  const sizes = Object.fromEntries(Object.entries(LOAD).map(([k, v]) => [k, Math.max(1, Math.round(v * scale))])) as typeof LOAD;
  const stack = await startPlatformStack('connbench', {
    organisation: 'real',
    notifications: true,
    services: ['connector', 'content', 'events', 'documents'],
    env: {
      LEGACY_SEED: 'load',
      ...Object.fromEntries(Object.entries(sizes).map(([k, v]) => [`LEGACY_SEED_${k.toUpperCase()}`, String(v)])),
    },
  });
  try {
    const api = new Api(stack.gatewayUrl);
    const admin = (await api.call<{ accessToken: string }>('POST', '/api/auth/system/login', STACK_ADMIN)).body.accessToken;
    const owner = { email: 'owner@bench.example', password: 'connector bench password' };
    await api.call('POST', '/api/auth/org/register', { ...owner, firstName: 'Bench', lastName: 'Owner' });
    const created = await api.call<{ organization: { id: string } }>(
      'POST',
      '/api/admin/orgs/create-with-owner',
      { orgName: 'Bench Club', orgSlug: 'bench-club', ownerEmail: owner.email, ownerFirstName: 'Bench', ownerLastName: 'Owner' },
      admin,
    );
    if (created.status !== 201) throw new Error(`create-with-owner answered ${created.status}`);
    const org = created.body.organization.id;
    api.token = (await api.call<{ accessToken: string }>('POST', '/api/auth/org/login', owner)).body.accessToken;
    const base = `/api/orgs/${org}/connectors`;
    const connector = await api.call<{ id: string }>('POST', base, {
      connectorTypeId: LEGACY_SITE_TYPE_ID,
      name: 'Load site',
      config: { siteUrl: stack.legacySiteUrl, syncKey: STACK_LEGACY_SYNC_KEY, sourceTimezone: '+10:00' },
    });
    if (connector.status !== 201) throw new Error(`creating the connector answered ${connector.status}: ${JSON.stringify(connector.body)}`);
    const connectorId = connector.body.id;
    const pids = appPids(APPS);

    const run = async (jobType: string): Promise<Run> => {
      const t0 = Date.now();
      const started = await api.call<Job>('POST', `${base}/${connectorId}/sync`, { jobType });
      if (started.status !== 201) throw new Error(`${jobType} answered ${started.status}: ${JSON.stringify(started.body)}`);
      const doneAt: Record<string, number> = {};
      for (;;) {
        const job = (await api.call<Job>('GET', `${base}/${connectorId}/sync-jobs/${started.body.id}`)).body;
        for (const p of job.progress) if (p.done && doneAt[p.entityType] === undefined) doneAt[p.entityType] = (Date.now() - t0) / 1000;
        if (job.status === 'COMPLETED' || job.status === 'FAILED') {
          const seconds = (Date.parse(job.finishedAt ?? '') - Date.parse(job.startedAt ?? '')) / 1000;
          process.stderr.write(`${jobType}: ${job.status} in ${seconds.toFixed(1)} s ${JSON.stringify(job.totals)} ${job.errorMessage}\n`);
          if (job.status !== 'COMPLETED') throw new Error(`${jobType} ended ${job.status}: ${job.errorMessage}`);
          return { job, seconds, doneAt };
        }
        await sleep(200);
      }
    };

    const cpuBefore = new Map([...pids].map(([app, pid]) => [app, cpuSeconds(pid)]));
    const machineBefore = machineCpuSeconds();
    const initial = await peakRss(pids, run('INITIAL_IMPORT'));
    const cpuUsed = new Map([...pids].map(([app, pid]) => [app, cpuSeconds(pid) - (cpuBefore.get(app) ?? 0)]));
    const machineUsed = machineCpuSeconds() - machineBefore;
    const full = await peakRss(pids, run('FULL_SYNC'));

    // 100 members changed on the site, then an INCREMENTAL.
    const members = (await (
      await fetch(`${stack.legacySiteUrl}/api/v1/sync/members?per_page=${CHANGES}`, { headers: { 'x-association-sync-key': STACK_LEGACY_SYNC_KEY } })
    ).json()) as { data: { id: number }[] };
    for (const member of members.data) {
      const res = await fetch(`${stack.legacySiteUrl}/api/v1/sync/members/${member.id}`, {
        method: 'PUT',
        headers: { 'x-association-sync-key': STACK_LEGACY_SYNC_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ job_title: `Changed for the benchmark ${member.id}` }),
      });
      if (res.status !== 200) throw new Error(`the site refused a member change: ${res.status}`);
    }
    const incremental = await run('INCREMENTAL');

    const fetched = initial.result.job.totals.fetched;
    const rate = fetched / initial.result.seconds;
    const rows = [initial.result, full.result, incremental].map(
      (r) =>
        `| ${r.job.jobType} | ${r.job.totals.fetched} | ${r.job.totals.created} | ${r.job.totals.updated} | ${r.job.totals.skipped} | ${r.job.totals.conflicts} | ${r.job.totals.failed} | ${r.seconds.toFixed(1)} s | ${(r.job.totals.fetched / r.seconds).toFixed(0)}/s |`,
    );
    const inOrder = [...initial.result.job.progress].sort((a, b) => (initial.result.doneAt[a.entityType] ?? 0) - (initial.result.doneAt[b.entityType] ?? 0));
    const entityLines = inOrder.map((p, i, all) => {
      const end = initial.result.doneAt[p.entityType];
      const previous = i === 0 ? 0 : (initial.result.doneAt[all[i - 1]!.entityType] ?? 0);
      const span = end === undefined ? undefined : end - previous;
      return `| ${p.entityType} | ${p.fetched} | ${span === undefined ? '–' : `${span.toFixed(1)} s`} | ${span ? (p.fetched / span).toFixed(0) : '–'}/s |`;
    });
    const memoryLines = APPS.filter((app) => pids.has(app)).map((app) => {
      const limit = chartLimitMb(app);
      const peak = Math.max(initial.peaks.get(app) ?? 0, full.peaks.get(app) ?? 0);
      return `| ${app} | ${mb(peak)} MB | ${limit ? `${limit} MB` : '–'} | ${limit ? (mb(peak) < limit ? 'yes' : '**no**') : '–'} | ${(cpuUsed.get(app) ?? 0).toFixed(1)} s |`;
    });
    const appsCpu = [...cpuUsed.values()].reduce((a, b) => a + b, 0);
    memoryLines.push(`| others (Postgres, NATS, Redis, this benchmark) | – | – | – | ${(machineUsed - appsCpu).toFixed(1)} s |`);
    const fullRatio = initial.result.seconds / full.result.seconds;
    writeSection(
      'connector-import',
      [
        "## Connector: the legacy site's `load` preset through the gateway (issue 16)",
        '',
        `Measured on ${machineLine()}; \`npm run bench -- connector-import${scale === 1 ? '' : ` --scale ${scale}`}\`. The whole stack (gateway, identity, organisation, content, events, documents, notifications, connector, the legacy site, Postgres, Redis, NATS) shares these cores.`,
        '',
        `Site: ${Object.entries(sizes)
          .map(([k, v]) => `${v.toLocaleString('en')} ${k}`)
          .join(', ')}.`,
        '',
        '| job | fetched | created | updated | skipped | conflicts | failed | time | records/s |',
        '|---|---|---|---|---|---|---|---|---|',
        ...rows,
        '',
        `- INITIAL_IMPORT: **${rate.toFixed(0)} records/s** end to end (target 5,000: ${rate >= 5000 ? 'met' : '**not met**'}).`,
        `- FULL_SYNC of the unchanged site: ${full.result.job.totals.skipped === full.result.job.totals.fetched - full.result.job.totals.failed ? 'all SKIP' : '**not all SKIP**'}, ${fullRatio.toFixed(1)}× as fast as the import (target ≥ 2×: ${fullRatio >= 2 ? 'met' : '**not met**'}).`,
        `- INCREMENTAL after ${CHANGES} member changes on the site: ${incremental.job.totals.fetched} read, ${incremental.job.totals.updated} updated, ${incremental.job.totals.skipped} SKIP (a site user that is the same person as another: its fields are not the member's), ${incremental.job.totals.failed} FAILED, ${incremental.job.totals.created} created, in ${incremental.seconds.toFixed(2)} s (target: only those ${CHANGES}, under 2 s: ${incremental.job.totals.fetched === CHANGES && incremental.job.totals.updated + incremental.job.totals.skipped + incremental.job.totals.failed === CHANGES && incremental.job.totals.created === 0 && incremental.seconds < 2 ? 'met' : '**not met**'}).`,
        '',
        "INITIAL_IMPORT per entity type (in the connector's order; time from the previous type's end, as polled every 200 ms):",
        '',
        '| entity | records | time | records/s |',
        '|---|---|---|---|',
        ...entityLines,
        '',
        `Peak RSS during the import and the full sync (sampled every 250 ms) against the chart's limit, and the CPU each used during the import (${machineUsed.toFixed(0)} CPU-seconds in all over ${initial.result.seconds.toFixed(0)} s of wall time on ${os.cpus().length} cores):`,
        '',
        '| app | peak RSS | chart limit | under it | CPU during the import |',
        '|---|---|---|---|---|',
        ...memoryLines,
      ].join('\n'),
    );
  } finally {
    await stack.stop();
  }
}

runBench(main);
