import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Redis from 'ioredis';
import type { RedisNodeAddress } from '@platform/config';
import type { RedisTopology } from '@platform/redis';
import { freePort } from '../process/app-process';
import { serverBinary, startServerProcess, type ServerProcess } from '../process/server-process';

/*
 * Redis Sentinel and Redis Cluster started by a test on this machine (redis-server 7; a sentinel is
 * `redis-server <conf> --sentinel`): free ports, a temporary directory, no persistence, passwords
 * everywhere so that the apps' password settings are exercised. `stop()` kills exactly the
 * processes started here, by pid, and removes the directory.
 */

const redisServer = () => serverBinary('REDIS_SERVER_BIN', 'redis-server', ['/usr/bin/redis-server']);
const redisCli = () => serverBinary('REDIS_CLI_BIN', 'redis-cli', ['/usr/bin/redis-cli']);
const HOST = '127.0.0.1';
export const TEST_REDIS_PASSWORD = 'redis-test-password';
export const TEST_SENTINEL_PASSWORD = 'sentinel-test-password';

export interface RedisSentinelSet {
  masterName: string;
  /** What an app is given: REDIS_SENTINELS, REDIS_SENTINEL_MASTER and both passwords; REDIS_URL emptied. */
  env: Record<string, string>;
  topology: RedisTopology;
  /** Where the sentinels say the master is. */
  master(): Promise<RedisNodeAddress>;
  /** Waits until the replica holds every write the master acknowledged (WAIT), so a failover loses none. */
  replicated(): Promise<void>;
  /** Kills the master's process (SIGKILL, as a crash) and answers where it was. */
  killMaster(): Promise<RedisNodeAddress>;
  /** Resolves once every sentinel names a master other than `old` (the promoted replica). */
  promoted(old: RedisNodeAddress, timeoutMs?: number): Promise<RedisNodeAddress>;
  stop(): Promise<void>;
}

export interface RedisClusterSet {
  /** What an app is given: REDIS_CLUSTER_NODES (every node) and REDIS_PASSWORD; REDIS_URL emptied. */
  env: Record<string, string>;
  topology: RedisTopology;
  nodes: RedisNodeAddress[];
  stop(): Promise<void>;
}

/** A master with one replica, watched by three sentinels (quorum 2) that fail over after 1 s of silence. */
export async function startRedisSentinel(options: { masterName?: string } = {}): Promise<RedisSentinelSet> {
  const masterName = options.masterName ?? 'platform';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'platform-redis-sentinel-'));
  const processes: ServerProcess[] = [];
  const stop = async () => {
    await Promise.all(processes.map((p) => p.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [masterPort, replicaPort, ...sentinelPorts] = (await Promise.all([0, 1, 2, 3, 4].map(() => freePort()))) as [number, number, number, number, number];
    const [firstSentinel] = sentinelPorts;
    const data = (port: number) => [
      '--port',
      String(port),
      ...serverArgs(dir, `node-${port}`),
      '--requirepass',
      TEST_REDIS_PASSWORD,
      '--masterauth',
      TEST_REDIS_PASSWORD,
    ];
    processes.push(await startServerProcess('redis master', redisServer(), data(masterPort), { port: masterPort }));
    processes.push(
      await startServerProcess('redis replica', redisServer(), [...data(replicaPort), '--replicaof', HOST, String(masterPort)], { port: replicaPort }),
    );
    await until(`the replica of ${masterPort} to sync`, async () =>
      /master_link_status:up/.test(String(await ask(replicaPort, TEST_REDIS_PASSWORD, ['INFO', 'replication']))),
    );
    const sentinels = await Promise.all(
      sentinelPorts.map((port) => {
        const conf = path.join(dir, `sentinel-${port}.conf`);
        writeFileSync(
          conf,
          [
            `port ${port}`,
            `bind ${HOST}`,
            `dir ${dir}`,
            `requirepass ${TEST_SENTINEL_PASSWORD}`,
            `sentinel sentinel-pass ${TEST_SENTINEL_PASSWORD}`,
            `sentinel monitor ${masterName} ${HOST} ${masterPort} 2`,
            `sentinel auth-pass ${masterName} ${TEST_REDIS_PASSWORD}`,
            `sentinel down-after-milliseconds ${masterName} 1000`,
            `sentinel failover-timeout ${masterName} 5000`,
            '',
          ].join('\n'),
        );
        return startServerProcess(`redis sentinel ${port}`, redisServer(), [conf, '--sentinel'], { port });
      }),
    );
    processes.push(...sentinels);
    // A failover needs each sentinel to know the replica and the other two (they meet through the master).
    for (const port of sentinelPorts) {
      await until(`sentinel ${port} to know the replica and the other sentinels`, async () => {
        const [replicas, others] = await Promise.all([
          ask(port, TEST_SENTINEL_PASSWORD, ['SENTINEL', 'REPLICAS', masterName]),
          ask(port, TEST_SENTINEL_PASSWORD, ['SENTINEL', 'SENTINELS', masterName]),
        ]);
        return (replicas as unknown[]).length === 1 && (others as unknown[]).length === 2;
      });
    }
    const addresses = sentinelPorts.map((port) => ({ host: HOST, port }));
    const masterOf = async (port: number): Promise<RedisNodeAddress> => {
      const [host, at] = (await ask(port, TEST_SENTINEL_PASSWORD, ['SENTINEL', 'GET-MASTER-ADDR-BY-NAME', masterName])) as [string, string];
      return { host, port: Number(at) };
    };
    const processAt = (address: RedisNodeAddress) => processes.find((p) => p.port === address.port && p.running);
    return {
      masterName,
      env: {
        REDIS_URL: '',
        REDIS_SENTINELS: addresses.map((a) => `${a.host}:${a.port}`).join(','),
        REDIS_SENTINEL_MASTER: masterName,
        REDIS_PASSWORD: TEST_REDIS_PASSWORD,
        REDIS_SENTINEL_PASSWORD: TEST_SENTINEL_PASSWORD,
      },
      topology: { mode: 'sentinel', sentinels: addresses, masterName, password: TEST_REDIS_PASSWORD, sentinelPassword: TEST_SENTINEL_PASSWORD },
      master: () => masterOf(firstSentinel),
      async replicated() {
        const master = await masterOf(firstSentinel);
        const acknowledged = await ask(master.port, TEST_REDIS_PASSWORD, ['WAIT', '1', '5000']);
        if (acknowledged !== 1) throw new Error(`the replica did not acknowledge the master's writes (WAIT answered ${String(acknowledged)})`);
      },
      async killMaster() {
        const master = await masterOf(firstSentinel);
        const server = processAt(master);
        if (!server) throw new Error(`no running server of this set at ${master.host}:${master.port}`);
        await server.stop('SIGKILL');
        return master;
      },
      async promoted(old, timeoutMs = 20_000) {
        let current: RedisNodeAddress = old;
        await until(
          'the sentinels to promote the replica',
          async () => {
            const named = await Promise.all(sentinelPorts.map((port) => masterOf(port).catch(() => old)));
            current = named[0] ?? old;
            return named.every((m) => m.port !== old.port && m.port === current.port);
          },
          timeoutMs,
        );
        return current;
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** A Redis Cluster of `masters` masters (3 by default), each with `replicasPerMaster` replicas (none by default). */
export async function startRedisCluster(options: { masters?: number; replicasPerMaster?: number } = {}): Promise<RedisClusterSet> {
  const count = (options.masters ?? 3) * (1 + (options.replicasPerMaster ?? 0));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'platform-redis-cluster-'));
  const processes: ServerProcess[] = [];
  const stop = async () => {
    await Promise.all(processes.map((p) => p.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Two ports a node: clients, and the cluster bus (set, not the default port + 10000, which may be taken).
    const ports = await Promise.all(Array.from({ length: count }, async () => ({ port: await freePort(), bus: await freePort() })));
    processes.push(
      ...(await Promise.all(
        ports.map(({ port, bus }) =>
          startServerProcess(
            `redis cluster node ${port}`,
            redisServer(),
            [
              '--port',
              String(port),
              ...serverArgs(dir, `node-${port}`),
              '--cluster-enabled',
              'yes',
              '--cluster-port',
              String(bus),
              '--cluster-config-file',
              path.join(dir, `node-${port}`, 'nodes.conf'),
              '--cluster-node-timeout',
              '2000',
              '--requirepass',
              TEST_REDIS_PASSWORD,
              '--masterauth',
              TEST_REDIS_PASSWORD,
            ],
            { port },
          ),
        ),
      )),
    );
    const nodes = ports.map(({ port }) => ({ host: HOST, port }));
    const create = [
      '--cluster',
      'create',
      ...nodes.map((n) => `${n.host}:${n.port}`),
      '--cluster-replicas',
      String(options.replicasPerMaster ?? 0),
      '--cluster-yes',
    ];
    await promisify(execFile)(redisCli(), create, { env: { ...process.env, REDISCLI_AUTH: TEST_REDIS_PASSWORD }, timeout: 30_000 });
    for (const { port } of nodes) {
      await until(`cluster node ${port} to see every slot served`, async () => {
        const info = String(await ask(port, TEST_REDIS_PASSWORD, ['CLUSTER', 'INFO']));
        return info.includes('cluster_state:ok') && info.includes('cluster_slots_ok:16384') && info.includes(`cluster_known_nodes:${count}`);
      });
    }
    return {
      env: { REDIS_URL: '', REDIS_CLUSTER_NODES: nodes.map((n) => `${n.host}:${n.port}`).join(','), REDIS_PASSWORD: TEST_REDIS_PASSWORD },
      topology: { mode: 'cluster', nodes, password: TEST_REDIS_PASSWORD },
      nodes,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** A data node's arguments: loopback only, its own directory, nothing written to disk, replicas synced at once. */
function serverArgs(dir: string, name: string): string[] {
  const own = path.join(dir, name);
  mkdirSync(own, { recursive: true });
  return ['--bind', HOST, '--dir', own, '--save', '', '--appendonly', 'no', '--repl-diskless-sync-delay', '0'];
}

/** One command to one server, on a connection of its own that never retries. */
async function ask(port: number, password: string, [name, ...args]: [string, ...string[]]): Promise<unknown> {
  const redis = new Redis({ host: HOST, port, password, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1_000 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return await redis.call(name, ...args);
  } finally {
    redis.disconnect();
  }
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      if (await check()) return;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
