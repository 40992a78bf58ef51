// A rolling restart of the gateway under load (issue 17, section 5), the way the chart's Deployment
// does it (maxSurge 1, maxUnavailable 0, preStop sleep, then SIGTERM and the gateway's drain):
//  - two gateway replicas behind a connection-level balancer that stands in for a Kubernetes Service
//    (kube-proxy picks a ready endpoint per TCP connection; keep-alive connections stay where they
//    are), with the endpoint of a terminating pod removed after a propagation lag;
//  - the load tool's `browse` scenario (closed model) through the balancer the whole time;
//  - each replica replaced in turn: a new one starts and becomes ready, then the old one is marked
//    terminating, sleeps its preStop, gets SIGTERM and drains.
// Every request must be answered as expected: the report counts errors (resets, 5xx, timeouts).
// Needs the apps built: `npx nx run-many -t build`. Run: `npm run bench -- rolling-restart`.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { STACK_ADMIN, startPlatformStack, workspaceRoot, type AppReplica } from '@platform/testing';
import { machineLine, writeSection, runBench } from './report';

const USERS = 16;
/** Kubernetes removes a terminating pod's endpoint asynchronously; kube-proxy follows within about a second. */
const ENDPOINT_LAG_MS = 1000;
/** The chart's preStopSleepSeconds and the gateway's production drain delay (GATEWAY_DRAIN_DELAY_MS). */
const PRE_STOP_MS = 5000;
const DRAIN_DELAY_MS = 2000;
/** Load before the first and after the last replacement, so both steady states are in the run. */
const SETTLE_MS = 5000;

interface Endpoint {
  replica: AppReplica;
  port: number;
}

/** A TCP balancer over the ready endpoints: one endpoint per incoming connection, in turn. */
class ConnectionBalancer {
  readonly endpoints: Endpoint[] = [];
  private next = 0;
  private readonly server = net.createServer((client) => this.route(client));
  connections = 0;
  refused = 0;

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  private route(client: net.Socket): void {
    const endpoint = this.endpoints[this.next++ % Math.max(1, this.endpoints.length)];
    if (!endpoint) {
      this.refused++;
      client.destroy();
      return;
    }
    this.connections++;
    const upstream = net.connect(endpoint.port, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  }

  remove(endpoint: Endpoint): void {
    const at = this.endpoints.indexOf(endpoint);
    if (at >= 0) this.endpoints.splice(at, 1);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface StepLog {
  at: number;
  what: string;
}

async function main(): Promise<void> {
  const stack = await startPlatformStack('rolling', { organisation: 'real', env: { GATEWAY_DRAIN_DELAY_MS: String(DRAIN_DELAY_MS) } });
  const balancer = new ConnectionBalancer();
  const steps: StepLog[] = [];
  const t0 = Date.now();
  const log = (what: string) => {
    steps.push({ at: (Date.now() - t0) / 1000, what });
    process.stderr.write(`[${((Date.now() - t0) / 1000).toFixed(1)} s] ${what}\n`);
  };
  try {
    const start = async (): Promise<Endpoint> => {
      const replica = await stack.startReplica('gateway');
      const endpoint = { replica, port: replica.ports.http! };
      balancer.endpoints.push(endpoint);
      return endpoint;
    };
    const current = [await start(), await start()];
    const port = await balancer.listen();
    const out = path.join(workspaceRoot(), 'tmp/bench/rolling-restart');
    const loadSeconds = 60;
    const load = spawn(
      process.execPath,
      [
        path.join(workspaceRoot(), 'tools/loadtest/run.mjs'),
        '--scenario',
        'browse',
        '--base-url',
        `http://127.0.0.1:${port}`,
        '--concurrency',
        String(USERS),
        '--ramp-up',
        '2s',
        '--duration',
        `${loadSeconds}s`,
        '--admin-email',
        STACK_ADMIN.email,
        '--admin-password',
        STACK_ADMIN.password,
        '--out',
        out,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let loadOutput = '';
    const steady = new Promise<void>((resolve) =>
      load.stderr.on('data', (chunk: Buffer) => {
        loadOutput += chunk.toString();
        if (loadOutput.includes('steady')) resolve();
      }),
    );
    const finished = new Promise<number>((resolve) => load.once('exit', (code) => resolve(code ?? 1)));
    await Promise.race([steady, finished]);
    log('load steady');
    await sleep(SETTLE_MS);
    for (let i = 0; i < current.length; i++) {
      const old = current[i]!;
      log(`replica ${i + 1}: new pod starting`);
      current[i] = await start();
      log(`replica ${i + 1}: new pod ready, old pod terminating (preStop ${PRE_STOP_MS / 1000} s)`);
      setTimeout(() => balancer.remove(old), ENDPOINT_LAG_MS);
      await sleep(PRE_STOP_MS);
      log(`replica ${i + 1}: SIGTERM to the old pod`);
      await old.replica.stop();
      log(`replica ${i + 1}: old pod exited`);
    }
    log('rollout complete');
    const code = await finished;
    log(`load done (exit ${code})`);
    if (code !== 0) throw new Error(`the load tool failed (${code}):\n${loadOutput}`);
    const report = JSON.parse(readFileSync(`${out}.json`, 'utf8')) as {
      scenarios: {
        summary?: {
          requests: number;
          throughputPerSecond: number;
          latencyMs: { p50: number; p99: number; max: number };
          outcomes: Record<string, number>;
          errorCount: number;
        };
      }[];
    };
    const summary = report.scenarios[0]?.summary;
    if (!summary) throw new Error('the load tool reported no summary');
    const errors = summary.errorCount;
    writeSection(
      'rolling-restart',
      [
        '## Gateway rolling restart under load (issue 17)',
        '',
        `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}; \`npm run bench -- rolling-restart\`.`,
        '',
        `Two gateway replicas behind a connection-level balancer standing in for a Kubernetes Service (an endpoint per TCP connection, keep-alive connections stay, a terminating pod's endpoint removed after ${ENDPOINT_LAG_MS / 1000} s); the load tool's \`browse\` scenario with ${USERS} users the whole time; each replica replaced as the chart's rolling update does (new pod ready first, then the old one's preStop of ${PRE_STOP_MS / 1000} s, SIGTERM, readiness 503, drain delay ${DRAIN_DELAY_MS / 1000} s, close).`,
        '',
        '| requests | answers | errors | throughput | p50 | p99 | max | connections through the balancer | refused (no endpoint) |',
        '|---|---|---|---|---|---|---|---|---|',
        `| ${summary.requests} | ${Object.entries(summary.outcomes)
          .map(([k, v]) => `${k}: ${v}`)
          .join(
            ', ',
          )} | ${errors} | ${summary.throughputPerSecond.toFixed(0)}/s | ${summary.latencyMs.p50.toFixed(1)} ms | ${summary.latencyMs.p99.toFixed(1)} ms | ${summary.latencyMs.max.toFixed(0)} ms | ${balancer.connections} | ${balancer.refused} |`,
        '',
        "A draining gateway answers with `Connection: close`, so the load tool's keep-alive connections move to a ready replica during the drain delay (the connections column), instead of racing the close of an idle socket.",
        '',
        'Timeline: ' + steps.map((s) => `${s.at.toFixed(1)} s ${s.what}`).join('; ') + '.',
        '',
        errors === 0
          ? 'No request was lost.'
          : `**${errors} request(s) failed** during the rollout: see the load tool's report in tmp/bench/rolling-restart.md.`,
      ].join('\n'),
    );
  } finally {
    await balancer.close().catch(() => undefined);
    await stack.stop();
  }
}

runBench(main);
