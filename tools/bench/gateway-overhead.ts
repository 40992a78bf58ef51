// Gateway overhead and login throughput, measured in one run on this machine:
//  1. latency (p50, p99) and throughput of an authenticated request (GET /api/auth/me) through the
//     gateway, against the same gRPC call (GetCurrentAccount) made directly to identity;
//  2. login throughput (bcrypt cost 12, the default) against the bcrypt bound of the machine
//     (bcrypt.compare at cost 12 on all cores, no I/O).
// Needs the apps built: `npx nx run-many -t build`. Run: `npm run bench -- gateway-overhead`.
import http from 'node:http';
import os from 'node:os';
import bcrypt from 'bcrypt';
import { createClient, unary } from '@platform/grpc-server';
import { identityV1 } from '@platform/proto';
import { STACK_ADMIN, startPlatformStack } from '@platform/testing';
import { machineLine, ms, percentile, writeSection, runBench } from './report';

const COST = 12;
const WARM_UP = 2000;
const ROUNDS = 3;
const SAMPLES_PER_ROUND = 2000;
const THROUGHPUT_SECONDS = 5;
const CONCURRENCY = 16;

type Call = () => Promise<unknown>;

/**
 * Sequential latency of several paths, sampled in turn (a, b, c, a, b, c, …) so that each sees the
 * same machine: on shared cores, measuring one path after the other mostly measures what else the
 * machine was doing meanwhile. Returns the sorted samples of each path, per round and overall.
 */
async function interleaved(calls: Call[], rounds: number, perRound: number): Promise<{ all: number[][]; rounds: number[][][] }> {
  const all: number[][] = calls.map(() => []);
  const byRound: number[][][] = [];
  for (let r = 0; r < rounds; r++) {
    const samples: number[][] = calls.map(() => []);
    for (let i = 0; i < perRound; i++) {
      for (let c = 0; c < calls.length; c++) {
        const t = process.hrtime.bigint();
        await calls[c]!();
        samples[c]!.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }
    samples.forEach((s, c) => all[c]!.push(...s));
    byRound.push(samples.map((s) => s.sort((a, b) => a - b)));
  }
  return { all: all.map((s) => s.sort((a, b) => a - b)), rounds: byRound };
}

async function warmUp(calls: Call[], count: number): Promise<void> {
  for (let i = 0; i < count; i++) for (const call of calls) await call();
}

async function throughput(call: Call, seconds: number, concurrency: number): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        await call();
        done++;
      }
    }),
  );
  return done / seconds;
}

async function main(): Promise<void> {
  const stack = await startPlatformStack('bench', { bcryptCost: COST });
  try {
    const login = await fetch(`${stack.baseUrl}/api/auth/system/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(STACK_ADMIN),
    }).then((r) => r.json() as Promise<{ accessToken: string }>);
    const token = login.accessToken;
    // A plain keep-alive HTTP client: fetch (undici) would add its own milliseconds to the gateway side.
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const base = new URL(stack.baseUrl);
    const get = (path: string, expected: number, auth: boolean) => () =>
      new Promise<void>((resolve, reject) => {
        const req = http.request({ host: base.hostname, port: base.port, path, agent, headers: auth ? { authorization: `Bearer ${token}` } : {} }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === expected ? resolve() : reject(new Error(`gateway answered ${res.statusCode} to ${path}`))));
        });
        req.on('error', reject);
        req.end();
      });
    const client = createClient(identityV1.IdentityServiceClient, stack.identityGrpcUrl);
    const viaGateway = get('/api/auth/me', 200, true);
    const direct = () => unary(client, client.getCurrentAccount, {}, { token });
    const healthViaGateway = get('/api/auth/health', 200, false);
    const healthDirect = () => unary(client, client.getHealth, {});
    const unrouted = get('/api/nothing-here', 404, false);

    await warmUp([viaGateway, direct, healthViaGateway, healthDirect, unrouted], WARM_UP);
    const main = await interleaved([viaGateway, direct], ROUNDS, SAMPLES_PER_ROUND);
    const split = await interleaved([unrouted, healthViaGateway, healthDirect], 1, SAMPLES_PER_ROUND);
    const [gw, dr] = main.all as [number[], number[]];
    const gwRate = await throughput(viaGateway, THROUGHPUT_SECONDS, CONCURRENCY);
    const drRate = await throughput(direct, THROUGHPUT_SECONDS, CONCURRENCY);
    client.close();
    agent.destroy();

    // Login: 401s never reach bcrypt twice, so use the right password; the lockout counts only failures.
    const loginCall = async () => {
      const res = await fetch(`${stack.baseUrl}/api/auth/system/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(STACK_ADMIN),
      });
      if (res.status !== 200) throw new Error(`login answered ${res.status}`);
      await res.arrayBuffer();
    };
    const cores = os.cpus().length;
    const loginRate = await throughput(loginCall, 10, cores * 2);
    const hash = await bcrypt.hash('benchmark password', COST);
    const bound = await throughput(() => bcrypt.compare('benchmark password', hash), 10, cores);

    const p50gw = percentile(gw, 50);
    const p50dr = percentile(dr, 50);
    const rows = [
      '| path | p50 | p99 | throughput (16 concurrent) |',
      '|---|---|---|---|',
      `| through the gateway (HTTP → JWT check → gRPC) | ${ms(p50gw)} | ${ms(percentile(gw, 99))} | ${gwRate.toFixed(0)} req/s |`,
      `| gRPC directly to identity | ${ms(p50dr)} | ${ms(percentile(dr, 99))} | ${drRate.toFixed(0)} req/s |`,
    ];
    const added = p50gw - p50dr;
    const perRound = main.rounds.map(([g, d]) => ms(percentile(g!, 50) - percentile(d!, 50))).join(', ');
    const [floor, healthGw, healthDr] = split.all.map((samples) => percentile(samples, 50)) as [number, number, number];
    const share = loginRate / bound;
    writeSection(
      'gateway-overhead',
      `## Gateway overhead and login throughput

Machine: ${machineLine()}, load average ${os.loadavg()[0]!.toFixed(1)} at the end. Identity and gateway run as built
bundles (\`dist/apps\`), as in an image; the benchmark client runs on the same 2 cores, so absolute
figures include its own cost. Both paths are warmed up (${WARM_UP} calls each), then sampled in turn,
one call of each after the other, ${ROUNDS} rounds of ${SAMPLES_PER_ROUND}; throughput over ${THROUGHPUT_SECONDS} s.

Authenticated read: \`GET /api/auth/me\` against the same RPC (\`GetCurrentAccount\`) called directly.

${rows.join('\n')}

The gateway adds **${ms(added)} at p50** (target: at most 1 ms): ${added <= 1 ? 'met' : 'NOT met'}. Per round: ${perRound}.

Where it goes (p50, sampled in turn in the same run):

| call | through the gateway | direct gRPC | added |
|---|---|---|---|
| unrouted path (the gateway answers 404 itself) | ${ms(floor)} | | HTTP + Express floor |
| \`GET /api/auth/health\` (public: no token) | ${ms(healthGw)} | ${ms(healthDr)} | ${ms(healthGw - healthDr)} |
| \`GET /api/auth/me\` (token verified, denylist checked) | ${ms(p50gw)} | ${ms(p50dr)} | ${ms(added)} |

Login (\`POST /api/auth/system/login\`, bcrypt cost ${COST}, ${cores * 2} concurrent clients):
**${loginRate.toFixed(1)} logins/s** against a bcrypt bound of **${bound.toFixed(1)} compares/s**
(\`bcrypt.compare\` at cost ${COST} on ${cores} cores, nothing else): **${(share * 100).toFixed(0)} %** of the bound
(target: at least 85 %): ${share >= 0.85 ? 'met' : 'NOT met'}.

Run: \`npx nx run-many -t build && npm run bench -- gateway-overhead\`.`,
    );
  } finally {
    await stack.stop();
  }
}

runBench(main);
