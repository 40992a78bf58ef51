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
import { machineLine, ms, percentile, writeSection } from './report';

const COST = 12;
const LATENCY_SAMPLES = 3000;
const THROUGHPUT_SECONDS = 5;
const CONCURRENCY = 16;

async function latency(call: () => Promise<unknown>, samples: number): Promise<number[]> {
  for (let i = 0; i < 200; i++) await call();
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = process.hrtime.bigint();
    await call();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return out.sort((a, b) => a - b);
}

async function throughput(call: () => Promise<unknown>, seconds: number, concurrency: number): Promise<number> {
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
    const target = new URL(`${stack.baseUrl}/api/auth/me`);
    const viaGateway = () =>
      new Promise<void>((resolve, reject) => {
        const req = http.request({ host: target.hostname, port: target.port, path: target.pathname, agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`gateway answered ${res.statusCode}`))));
        });
        req.on('error', reject);
        req.end();
      });
    const client = createClient(identityV1.IdentityServiceClient, stack.identityGrpcUrl);
    const direct = () => unary(client, client.getCurrentAccount, {}, { token });

    const gw = await latency(viaGateway, LATENCY_SAMPLES);
    const dr = await latency(direct, LATENCY_SAMPLES);
    const gwRate = await throughput(viaGateway, THROUGHPUT_SECONDS, CONCURRENCY);
    const drRate = await throughput(direct, THROUGHPUT_SECONDS, CONCURRENCY);
    client.close();
    agent.destroy();

    // Login: 401s never reach bcrypt twice, so use the right password; the lockout counts only failures.
    const loginCall = async () => {
      const res = await fetch(`${stack.baseUrl}/api/auth/system/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(STACK_ADMIN) });
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
    const share = loginRate / bound;
    writeSection(
      'gateway-overhead',
      `## Gateway overhead and login throughput

Machine: ${machineLine()}. Identity and gateway run as built bundles (\`dist/apps\`), as in an image;
the benchmark client runs on the same 2 cores, so absolute figures include its own cost. Sequential
latency over ${LATENCY_SAMPLES} requests after 200 warm-up calls; throughput over ${THROUGHPUT_SECONDS} s.

Authenticated read: \`GET /api/auth/me\` against the same RPC (\`GetCurrentAccount\`) called directly.

${rows.join('\n')}

The gateway adds **${ms(added)} at p50** (target: at most 1 ms): ${added <= 1 ? 'met' : 'NOT met'}.

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

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${String((err as Error)?.stack ?? err)}\n`);
    process.exit(1);
  },
);
