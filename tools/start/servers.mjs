// Finds PostgreSQL, Redis and NATS (JetStream) on their standard local ports or at the URLs in the
// environment. A server that is installed but not running is started with its data under .local/;
// a missing one is named with the command that installs it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, chownSync, openSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const APT = 'apt-get install -y postgresql redis-server nats-server';

function endpoint(url, fallbackPort) {
  try {
    const u = new URL(url);
    return { host: u.hostname || '127.0.0.1', port: Number(u.port) || fallbackPort };
  } catch {
    return { host: '127.0.0.1', port: fallbackPort };
  }
}

export function reachable({ host, port }, timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitFor(target, seconds) {
  for (let i = 0; i < seconds * 10; i++) {
    if (await reachable(target)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

const which = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).stdout.trim() || undefined;

function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(path.join(base, v, 'bin/pg_ctl'))) return path.join(base, v, 'bin');
  return undefined;
}

const asPostgres = (args) => (process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)]);

function startPostgres(localDir, port, detached) {
  const bin = postgresBin();
  if (!bin) return { missing: 'postgresql' };
  const data = path.join(localDir, 'postgres');
  const root = process.getuid?.() === 0;
  if (!existsSync(path.join(data, 'PG_VERSION'))) {
    mkdirSync(data, { recursive: true });
    if (root) {
      const pw = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
      const uid = Number(pw.stdout.trim());
      chownSync(data, uid, uid);
      chownSync(localDir, uid, uid);
    }
    const [cmd, args] = asPostgres([path.join(bin, 'initdb'), '-D', data, '-U', 'postgres', '-A', 'trust']);
    const r = spawnSync(cmd, args, { stdio: 'ignore' });
    if (r.status !== 0) throw new Error('initdb failed');
  }
  const [cmd, args] = asPostgres([
    path.join(bin, 'pg_ctl'),
    '-D',
    data,
    '-l',
    path.join(data, 'server.log'),
    '-o',
    `-p ${port} -k /tmp -c listen_addresses=127.0.0.1`,
    'start',
  ]);
  const r = spawnSync(cmd, args, { stdio: 'ignore' });
  if (r.status !== 0) throw new Error('pg_ctl start failed; see .local/postgres/server.log');
  return {
    stop: () => {
      const [c, a] = asPostgres([path.join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', 'stop']);
      spawnSync(c, a, { stdio: 'ignore' });
    },
    detached,
  };
}

function startDaemon(binary, args, logFile, detached) {
  const out = openSync(logFile, 'a');
  const child = spawn(binary, args, { stdio: ['ignore', out, out], detached });
  if (detached) child.unref();
  return { stop: () => child.kill('SIGTERM'), pid: child.pid };
}

/**
 * Makes sure the three servers answer. Returns the servers this call started (to stop them on exit),
 * or throws with the install command when one is missing. `detached` leaves started servers running
 * after this process ends (CI).
 */
export async function ensureServers({ env = process.env, localDir = path.resolve('.local'), detached = false, log = console.log } = {}) {
  mkdirSync(localDir, { recursive: true });
  const started = [];
  const missing = [];
  const specs = [
    {
      name: 'PostgreSQL',
      target: endpoint(env.DATABASE_URL ?? 'postgresql://127.0.0.1:5432', 5432),
      package: 'postgresql',
      start: (t) => startPostgres(localDir, t.port, detached),
    },
    {
      name: 'Redis',
      target: endpoint(env.REDIS_URL ?? 'redis://127.0.0.1:6379', 6379),
      package: 'redis-server',
      start: (t) => {
        const bin = which('redis-server');
        if (!bin) return { missing: 'redis-server' };
        const dir = path.join(localDir, 'redis');
        mkdirSync(dir, { recursive: true });
        return startDaemon(
          bin,
          ['--bind', '127.0.0.1', '--port', String(t.port), '--save', '', '--appendonly', 'no', '--dir', dir],
          path.join(dir, 'redis.log'),
          detached,
        );
      },
    },
    {
      name: 'NATS (JetStream)',
      target: endpoint(env.NATS_URL ?? 'nats://127.0.0.1:4222', 4222),
      package: 'nats-server',
      start: (t) => {
        const bin = which('nats-server') ?? (existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : undefined);
        if (!bin) return { missing: 'nats-server' };
        const dir = path.join(localDir, 'nats');
        mkdirSync(dir, { recursive: true });
        return startDaemon(bin, ['-a', '127.0.0.1', '-p', String(t.port), '-js', '-sd', dir], path.join(dir, 'nats.log'), detached);
      },
    },
  ];
  for (const spec of specs) {
    if (await reachable(spec.target)) {
      log(`  ${spec.name} is running at ${spec.target.host}:${spec.target.port}`);
      continue;
    }
    const local = ['127.0.0.1', 'localhost'].includes(spec.target.host);
    const result = local ? spec.start(spec.target) : { missing: spec.package };
    if (result.missing) {
      missing.push(`${spec.name} (${spec.package})`);
      continue;
    }
    if (!(await waitFor(spec.target, 20))) throw new Error(`${spec.name} did not start on port ${spec.target.port}`);
    log(`  ${spec.name} started at ${spec.target.host}:${spec.target.port} (data in ${path.relative(process.cwd(), localDir)})`);
    started.push({ name: spec.name, stop: result.stop });
  }
  if (missing.length) {
    const err = new Error(`missing: ${missing.join(', ')}. Install with:\n    ${APT}`);
    err.started = started;
    throw err;
  }
  return started;
}

// `node tools/start/servers.mjs --detached`: used by .ci/run to start whatever is not running.
if (import.meta.url === `file://${process.argv[1]}`) {
  ensureServers({ detached: process.argv.includes('--detached') }).catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
