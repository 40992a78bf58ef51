import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, statSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface AppProcess {
  name: string;
  output: () => string;
  /**
   * Ends the process and waits for its exit: SIGTERM (default) lets it drain and clean up;
   * SIGKILL ends it at once, as a crash or an out-of-memory kill does.
   */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/** The repository root (where package.json with workspaces lives). */
export function workspaceRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'nx.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error('workspace root not found');
  }
}

/**
 * Starts a built app (`dist/apps/<name>/main.js`, what an image runs; `<builds>/<name>/main.js`
 * when given) as a child process with the given environment, and waits until `readyUrl` answers 2xx.
 */
export async function startApp(name: string, env: NodeJS.ProcessEnv, readyUrl: string, timeoutMs = 60_000, builds?: string): Promise<AppProcess> {
  const main = path.join(builds ?? path.join(workspaceRoot(), 'dist/apps'), name, 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: build the app first (nx run ${name}:build)`);
  let output = '';
  // PLATFORM_APP_NODE_ARGS: extra node flags for every app started (`--cpu-prof --cpu-prof-dir=…` to profile a benchmark).
  const extraArgs = (process.env['PLATFORM_APP_NODE_ARGS'] ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', ...extraArgs, main], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(readyUrl, { signal: AbortSignal.timeout(1000) });
      if (res.ok) break;
    } catch {
      // not ready yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (Date.now() >= deadline) {
    child.kill('SIGKILL');
    throw new Error(`${name} was not ready at ${readyUrl} within ${timeoutMs} ms:\n${output}`);
  }
  return {
    name,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      // A process ended by a signal has no exit code, only its signal.
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        await exited;
      }
    },
  };
}

/** Ports this process handed out: a stack reserves all of its ports before its apps bind them. */
const handedOut = new Set<number>();

/**
 * A free TCP port (on every interface), never one handed out before by this or another test
 * process on the machine within the last hours: each is claimed by creating a directory named after
 * it (atomic across processes), since two suites running side by side could otherwise both find the
 * same port free before either app binds it.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = PORT_RANGE.low + Math.floor(Math.random() * (PORT_RANGE.high - PORT_RANGE.low));
    if (handedOut.has(port) || !claim(port) || !(await bindable(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${PORT_RANGE.low} and ${PORT_RANGE.high}`);
}

/**
 * Below the kernel's ephemeral range (32768 and up): a port handed out there could be taken, before
 * the app binds it, by any outgoing connection (the stack's own database and NATS connections make
 * many), and the app would fail with EADDRINUSE.
 */
const PORT_RANGE = { low: 20_000, high: 32_000 };
/** How long a claim holds: longer than any test run. */
const CLAIM_MS = 3 * 60 * 60 * 1000;
const CLAIMS_DIR = path.join(os.tmpdir(), 'platform-test-ports');

function claim(port: number): boolean {
  const dir = path.join(CLAIMS_DIR, String(port));
  try {
    mkdirSync(CLAIMS_DIR, { recursive: true });
    mkdirSync(dir);
    return true;
  } catch {
    try {
      if (Date.now() - statSync(dir).mtimeMs < CLAIM_MS) return false;
      utimesSync(dir, new Date(), new Date());
      return true;
    } catch {
      return false;
    }
  }
}

async function bindable(port: number): Promise<boolean> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    // All interfaces: an app listening on 0.0.0.0 needs the port free on every one.
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}
