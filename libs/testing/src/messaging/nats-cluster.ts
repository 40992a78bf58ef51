import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jetstreamManager, StorageType } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { freePort } from '../process/app-process';
import { serverBinary, startServerProcess, type ServerProcess } from '../process/server-process';

const HOST = '127.0.0.1';

export interface NatsClusterServer {
  /** `n1`, `n2`, `n3`: the server name JetStream reports (stream leader, replicas). */
  name: string;
  /** Its client URL. */
  url: string;
  readonly running: boolean;
}

export interface NatsCluster {
  /** Every server's client URL, comma-separated: NATS_URL as a client of the cluster is given it. */
  url: string;
  servers: NatsClusterServer[];
  /** Kills the named server (SIGKILL, by its pid: a crash or a lost machine). */
  kill(name: string): Promise<void>;
  /** Starts the named server again on its ports and storage: it rejoins and catches up. */
  restart(name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A JetStream cluster of `size` nats-server processes (3 by default) started by the test on free
 * ports, each with its own storage in a temporary directory, routed to each other. Resolves once
 * JetStream answers through every server and places a stream on all of them (every server has
 * joined). `stop()` kills exactly these processes and removes the directory.
 */
export async function startNatsCluster(options: { size?: number } = {}): Promise<NatsCluster> {
  const size = options.size ?? 3;
  const natsServer = serverBinary('NATS_SERVER_BIN', 'nats-server', ['/usr/sbin/nats-server']);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'platform-nats-cluster-'));
  const clusterName = `test-${path.basename(dir).slice(-6)}`;
  const ports = await Promise.all(Array.from({ length: size }, async (_, i) => ({ name: `n${i + 1}`, client: await freePort(), route: await freePort() })));
  const routes = ports.map((p) => `nats://${HOST}:${p.route}`).join(',');
  const processes = new Map<string, ServerProcess>();
  const start = async (name: string) => {
    const p = ports.find((entry) => entry.name === name);
    if (!p) throw new Error(`no server ${name} in this cluster`);
    const args = [
      '-js',
      '-a',
      HOST,
      '-p',
      String(p.client),
      '--server_name',
      name,
      '-sd',
      path.join(dir, name),
      '--cluster_name',
      clusterName,
      '--cluster',
      `nats://${HOST}:${p.route}`,
      '--routes',
      routes,
    ];
    processes.set(name, await startServerProcess(`nats ${name}`, natsServer, args, { port: p.client }));
  };
  const stop = async () => {
    await Promise.all([...processes.values()].map((p) => p.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(ports.map((p) => start(p.name)));
    for (const p of ports) await jetStreamAnswers(`nats://${HOST}:${p.client}`, size);
    return {
      url: ports.map((p) => `nats://${HOST}:${p.client}`).join(','),
      servers: ports.map((p) => ({
        name: p.name,
        url: `nats://${HOST}:${p.client}`,
        get running() {
          return processes.get(p.name)?.running ?? false;
        },
      })),
      kill: async (name) => {
        const server = processes.get(name);
        if (!server) throw new Error(`no server ${name} in this cluster`);
        await server.stop('SIGKILL');
      },
      restart: async (name) => {
        if (processes.get(name)?.running) throw new Error(`${name} is running`);
        await start(name);
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Waits until JetStream answers through this server and can place a stream with `replicas` copies
 * (a throw-away one, in memory): the meta leader is elected and every server has joined.
 */
async function jetStreamAnswers(url: string, replicas: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const nc = await connect({ servers: url, name: 'test-nats-cluster' });
  const probe = `PROBE_${Math.random().toString(36).slice(2, 10)}`;
  try {
    for (;;) {
      try {
        const jsm = await jetstreamManager(nc, { timeout: 2_000 });
        await jsm.streams.add({ name: probe, subjects: [`${probe.toLowerCase()}.>`], num_replicas: replicas, storage: StorageType.Memory });
        await jsm.streams.delete(probe);
        return;
      } catch (err) {
        if (Date.now() > deadline) throw new Error(`JetStream did not answer through ${url} within ${timeoutMs} ms: ${String(err)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await nc.close();
  }
}
