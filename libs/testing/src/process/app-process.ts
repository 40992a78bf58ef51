import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface AppProcess {
  name: string;
  output: () => string;
  stop(): Promise<void>;
}

/** The repository root (where package.json with workspaces lives). */
export function workspaceRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'nx.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error('workspace root not found');
  }
}

/**
 * Starts a built app (`dist/apps/<name>/main.js`, what an image runs) as a child process with the
 * given environment, and waits until `readyUrl` answers 2xx.
 */
export async function startApp(name: string, env: NodeJS.ProcessEnv, readyUrl: string, timeoutMs = 60_000): Promise<AppProcess> {
  const main = path.join(workspaceRoot(), 'dist/apps', name, 'main.js');
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
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** Ports this process handed out: a stack reserves all of its ports before its apps bind them. */
const handedOut = new Set<number>();

/** A free TCP port (on every interface), never one this process handed out before. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = PORT_RANGE.low + Math.floor(Math.random() * (PORT_RANGE.high - PORT_RANGE.low));
    if (handedOut.has(port) || !(await bindable(port))) continue;
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

async function bindable(port: number): Promise<boolean> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    // All interfaces: an app listening on 0.0.0.0 needs the port free on every one.
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}
