// CPU per request, every process included (issue 27's first measurement): a stack of the built
// apps seeded with the demo world (`npm run seed` against it), then, for each request users make
// most, N requests with 32 in flight, and the CPU each process spent meanwhile divided by N: the
// gateway, the service that answers, identity (token checks happen in the gateway; identity answers
// /auth/me), PostgreSQL (every backend, and those that ended), Redis, NATS and the client itself.
// Needs the apps built: `npx nx run-many -t build`. Run: `npm run bench -- cpu-per-request`.
//
// `--short` is CI's form (issue 27, about 45 s with the stack and the seed): five rounds of 300 of
// each request, and during each round requests to a reference server (a bare Node HTTP server
// answering from memory, four in flight); per round, the gateway's and the whole stack's CPU per request (summed over
// the requests) divided by the reference's, and the median of the rounds compared with
// tools/bench/cpu-per-request.baseline.json: more than 30 % above it fails (exit 1). The ratio, not
// the milliseconds, so that a slower or busier machine does not fail it. It writes nothing to
// docs/performance.md; `--short --update-baseline` records the baseline from this machine.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { STACK_ADMIN, freePort, startPlatformStack, workspaceRoot } from '@platform/testing';
import { appPids, cpuSeconds } from './processes';
import { machineLine, writeSection, runBench } from './report';

const SHORT = process.argv.includes('--short');
const UPDATE_BASELINE = process.argv.includes('--update-baseline');
const REQUESTS = SHORT ? 300 : 1000;
/** Rounds of every request in turn: each figure is the median of its rounds, so that a slow moment of the shared machine moves one round, not the result. */
const ROUNDS = 5;
const WARM_UP = SHORT ? 200 : 300;
const IN_FLIGHT = 32;
/** CI fails when a ratio is more than this much above its baseline. */
const ALLOWED_REGRESSION = 0.3;
const BASELINE_FILE = 'tools/bench/cpu-per-request.baseline.json';
const APPS = ['gateway', 'identity', 'organisation', 'content', 'events'] as const;
type App = (typeof APPS)[number];
const SERVERS = ['postgres', 'redis-server', 'nats-server'] as const;
type Server = (typeof SERVERS)[number];

/** CPU seconds of every process whose name starts with `name`, with what its ended children used (PostgreSQL's backends). */
function serverCpuSeconds(name: Server): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!comm.startsWith(name)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

interface Snapshot {
  apps: Map<App, number>;
  servers: Map<Server, number>;
  client: number;
}

function snapshot(pids: Map<App, number>): Snapshot {
  const usage = process.cpuUsage();
  return {
    apps: new Map([...pids].map(([app, pid]) => [app, cpuSeconds(pid)])),
    servers: new Map(SERVERS.map((name) => [name, serverCpuSeconds(name)])),
    client: (usage.user + usage.system) / 1e6,
  };
}

interface Measured {
  label: string;
  /** Per process, the median of the rounds. */
  perRequestMs: Map<string, number>;
  /** The median of the rounds' totals, and their lowest and highest. */
  totalMs: number;
  spread: [number, number];
  rate: number;
}

async function main(): Promise<void> {
  const stack = await startPlatformStack('cpu', {
    organisation: 'real',
    notifications: true,
    services: ['content', 'events', 'documents'],
    contractCheck: false,
    env: { LOG_LEVEL: 'warn' },
  });
  try {
    const seeded = spawnSync(
      process.execPath,
      ['tools/seed/run.mjs', '--base-url', stack.gatewayUrl, '--admin-email', STACK_ADMIN.email, '--admin-password', STACK_ADMIN.password],
      { cwd: workspaceRoot(), encoding: 'utf8' },
    );
    if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stdout}${seeded.stderr}`);
    // The logins the seed prints: `Logins (password "…")`, then `<name>: owner <email>, member <email> (organizationId <id>)`.
    const password = /Logins \(password "([^"]+)"\)/.exec(seeded.stdout)?.[1];
    const first = /: owner (\S+), member (\S+) \(organizationId ([\w-]+)\)/.exec(seeded.stdout);
    if (!password || !first) throw new Error(`the seed printed no logins:\n${seeded.stdout}`);
    const [, ownerEmail, memberEmail, orgId] = first as unknown as [string, string, string, string];

    const base = new URL(stack.gatewayUrl);
    const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
    const call = (method: string, requestPath: string, token?: string, body?: unknown, port = base.port) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const headers: Record<string, string> = {};
        if (token) headers['authorization'] = `Bearer ${token}`;
        if (payload) headers['content-type'] = 'application/json';
        const req = http.request({ host: base.hostname, port, path: requestPath, method, agent, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        });
        req.on('error', reject);
        req.end(payload);
      });
    const json = async <T>(method: string, requestPath: string, token?: string, body?: unknown): Promise<T> => {
      const res = await call(method, requestPath, token, body);
      if (res.status >= 300) throw new Error(`${method} ${requestPath} answered ${res.status}: ${res.body.slice(0, 300)}`);
      return JSON.parse(res.body) as T;
    };

    const login = (email: string) =>
      json<{ accessToken: string }>('POST', '/api/auth/org/login', undefined, { email, password, organizationId: orgId }).then((r) => r.accessToken);
    const owner = await login(ownerEmail);
    const member = await login(memberEmail);
    const news = await json<{ content: Array<{ id: string }> }>('GET', `/api/orgs/${orgId}/news?size=1`, member);
    const articleId = news.content[0]?.id;
    if (!articleId) throw new Error('the demo world has no article');

    const requests: Array<{ label: string; method: string; path: string; token: string }> = [
      { label: 'GET one article (member)', method: 'GET', path: `/api/orgs/${orgId}/news/${articleId}`, token: member },
      { label: 'GET the event list (member)', method: 'GET', path: `/api/orgs/${orgId}/events`, token: member },
      { label: 'GET a members page of 20 (admin)', method: 'GET', path: `/api/orgs/${orgId}/users?page=0&size=20`, token: owner },
      { label: 'GET /api/auth/me', method: 'GET', path: '/api/auth/me', token: member },
    ];
    const pids = appPids(APPS);
    const runnerOf = (label: string, once: () => Promise<{ status: number; body: string }>) => async (count: number) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next++ < count) {
            const res = await once();
            if (res.status !== 200) throw new Error(`${label} answered ${res.status}: ${res.body.slice(0, 300)}`);
          }
        }),
      );
    };
    const runners = requests.map((request) => runnerOf(request.label, () => call(request.method, request.path, request.token)));
    const reference = SHORT ? await startReferenceServer() : undefined;
    const referenceCall = () => call('GET', '/', undefined, undefined, String(reference?.port));
    /** While `during` runs, requests to the reference server, a few at a time: its CPU per request under the same load as the requests measured. */
    const alongside = async (during: () => Promise<void>): Promise<number> => {
      if (!reference) {
        await during();
        return 0;
      }
      let answered = 0;
      let stopped = false;
      const before = cpuSeconds(reference.pid);
      const loops = Array.from({ length: REFERENCE_IN_FLIGHT }, async () => {
        while (!stopped) {
          const res = await referenceCall();
          if (res.status !== 200) throw new Error(`the reference server answered ${res.status}`);
          answered++;
        }
      });
      await during();
      stopped = true;
      await Promise.all(loops);
      return ((cpuSeconds(reference.pid) - before) * 1000) / answered;
    };
    const referenceMs: number[] = [];
    for (const run of runners) await run(WARM_UP);
    if (reference) await runnerOf('the reference server', referenceCall)(WARM_UP);
    const rounds: Array<Array<{ perRequestMs: Map<string, number>; rate: number }>> = requests.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      const ms = await alongside(async () => {
        for (const [i, run] of runners.entries()) {
          const before = snapshot(pids);
          const started = process.hrtime.bigint();
          await run(REQUESTS);
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          const after = snapshot(pids);
          const perRequestMs = new Map<string, number>();
          for (const app of APPS) perRequestMs.set(app, (((after.apps.get(app) ?? 0) - (before.apps.get(app) ?? 0)) * 1000) / REQUESTS);
          for (const server of SERVERS) perRequestMs.set(server, (((after.servers.get(server) ?? 0) - (before.servers.get(server) ?? 0)) * 1000) / REQUESTS);
          perRequestMs.set('client', ((after.client - before.client) * 1000) / REQUESTS);
          rounds[i]!.push({ perRequestMs, rate: REQUESTS / seconds });
        }
      });
      if (reference) referenceMs.push(ms);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const measured: Measured[] = requests.map((request, i) => {
      const of = rounds[i]!;
      const totals = of.map((r) => [...r.perRequestMs].filter(([name]) => name !== 'client').reduce((sum, [, value]) => sum + value, 0));
      const names = [...(of[0]?.perRequestMs.keys() ?? [])];
      return {
        label: request.label,
        perRequestMs: new Map(names.map((name) => [name, median(of.map((r) => r.perRequestMs.get(name) ?? 0))])),
        totalMs: median(totals),
        spread: [Math.min(...totals), Math.max(...totals)] as [number, number],
        rate: median(of.map((r) => r.rate)),
      };
    });
    agent.destroy();
    reference?.stop();
    if (SHORT) {
      // Per round, the requests' CPU over the reference's in that round, then the median of the rounds.
      const ratios = (name: string) => median(referenceMs.map((ref, round) => rounds.reduce((sum, of) => sum + perRound(of[round]!, name), 0) / ref));
      judgeAgainstBaseline(measured, median(referenceMs), { gateway: ratios('gateway'), total: ratios('total') });
      return;
    }

    const columns = [...APPS, 'postgres', 'redis-server', 'nats-server'];
    const fmt = (value: number) => (value < 0.005 ? '0' : value.toFixed(2));
    const rows = measured.map(
      (m) =>
        `| ${m.label} | **${m.totalMs.toFixed(2)}** (${m.spread[0].toFixed(2)}–${m.spread[1].toFixed(2)}) | ${columns.map((c) => fmt(m.perRequestMs.get(c) ?? 0)).join(' | ')} | ${fmt(m.perRequestMs.get('client') ?? 0)} | ${m.rate.toFixed(0)} |`,
    );
    writeSection(
      'cpu-per-request',
      `## CPU per request, every process included

Machine: ${machineLine()}, load average ${os.loadavg()[0]!.toFixed(1)} at the end. A stack of the built
apps (\`dist/apps\`, as in an image; no validating proxy) seeded with the demo world (\`npm run seed\`
against it: 100 members per organisation, news, events). Per request: ${WARM_UP} to warm up, then
${ROUNDS} rounds, every request in turn, of ${REQUESTS} with ${IN_FLIGHT} in flight over keep-alive
connections; the CPU (user + system) each process used in a round divided by ${REQUESTS}, in
milliseconds, and each figure the median of its rounds (the total's lowest and highest round in
brackets: this machine's cores are shared, and a round can be 20 % off). PostgreSQL counts every
backend (and any that ended); the client (this benchmark) is shown apart and not in the total.

| request | total (ms CPU) | ${columns.join(' | ')} | client | req/s |
|---|---|${columns.map(() => '---|').join('')}---|---|
${rows.join('\n')}

Targets (issue 27): a simple read at most 0.6 ms in all, the gateway's share at most 0.2 ms, a
members page at most 1.2 ms. Run: \`npx nx run-many -t build && npm run bench -- cpu-per-request\`.`,
    );
  } finally {
    await stack.stop();
  }
}

/** Requests to the reference server in flight beside the measured ones (each round, from start to end). */
const REFERENCE_IN_FLIGHT = 4;

/**
 * The reference: a bare Node HTTP server in a process of its own, answering every request with the
 * same 1.5 KB of JSON (serialised each time) from memory. Its CPU per request is what this machine charges for the least a
 * Node HTTP answer costs, which the gateway's and the stack's are divided by.
 */
async function startReferenceServer(): Promise<{ port: number; pid: number; stop(): void }> {
  const port = await freePort();
  const script = `
    const page = { content: Array.from({ length: 12 }, (_, i) => ({ id: 'article-' + i, title: 'A title of some length', views: i })) };
    require('node:http').createServer((req, res) => {
      const body = JSON.stringify(page);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
      res.end(body);
    }).listen(${port}, '127.0.0.1', () => process.stdout.write('ready'));`;
  const child: ChildProcess = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the reference server exited with ${code}`)));
  });
  if (child.pid === undefined) throw new Error('the reference server has no pid');
  return { port, pid: child.pid, stop: () => void child.kill() };
}

interface Baseline {
  /** What each figure is: CPU per request divided by the reference server's, summed over the requests. */
  note: string;
  recorded: string;
  gateway: number;
  total: number;
}

/** A process's CPU per request in one round, or `total`: every process but the client. */
function perRound(round: { perRequestMs: Map<string, number> }, name: string): number {
  if (name !== 'total') return round.perRequestMs.get(name) ?? 0;
  return [...round.perRequestMs].filter(([process]) => process !== 'client').reduce((sum, [, value]) => sum + value, 0);
}

/** CI's check: the gateway's and the whole stack's CPU per request against the reference, at most 30 % over the baseline. */
function judgeAgainstBaseline(measured: Measured[], referenceMs: number, { gateway, total }: { gateway: number; total: number }): void {
  const file = path.join(workspaceRoot(), BASELINE_FILE);
  for (const m of measured) {
    process.stdout.write(`${m.label}: total ${m.totalMs.toFixed(2)} ms, gateway ${(m.perRequestMs.get('gateway') ?? 0).toFixed(2)} ms\n`);
  }
  process.stdout.write(
    `reference server: ${referenceMs.toFixed(3)} ms; ratios over the ${measured.length} requests: gateway ${gateway.toFixed(2)}, total ${total.toFixed(2)}\n`,
  );
  if (UPDATE_BASELINE) {
    const baseline: Baseline = {
      note: "CPU per request of the requests of `npm run bench -- cpu-per-request --short`, summed, divided by the reference server's (see the benchmark's header)",
      recorded: `${machineLine()}, load average ${os.loadavg()[0]!.toFixed(1)}`,
      gateway: Number(gateway.toFixed(2)),
      total: Number(total.toFixed(2)),
    };
    writeFileSync(file, `${JSON.stringify(baseline, null, 2)}\n`);
    process.stdout.write(`wrote ${BASELINE_FILE}\n`);
    return;
  }
  const baseline = JSON.parse(readFileSync(file, 'utf8')) as Baseline;
  const over = (
    [
      ['gateway', gateway, baseline.gateway],
      ['total', total, baseline.total],
    ] as const
  ).filter(([, value, base]) => value > base * (1 + ALLOWED_REGRESSION));
  if (over.length > 0) {
    const lines = over.map(([name, value, base]) => `the ${name} ratio is ${value.toFixed(2)}, more than 30 % over its baseline ${base}`);
    throw new Error(`CPU per request regressed (${BASELINE_FILE}): ${lines.join('; ')}`);
  }
  process.stdout.write(`within 30 % of the baseline (gateway ${baseline.gateway}, total ${baseline.total})\n`);
}

runBench(main);
