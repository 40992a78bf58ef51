import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

/** A server binary a test started (redis-server, nats-server), known by the pid it was given. */
export interface ServerProcess {
  /** For messages: `redis master`, `nats n2`. */
  name: string;
  pid: number;
  /** The port it serves clients on. */
  port: number;
  /** Still running. */
  readonly running: boolean;
  /** What it printed (the last 64 KB), for a failing test's message. */
  output(): string;
  /**
   * Ends this process (and only it, by its pid) and waits for its exit: SIGKILL by default, as a
   * crash or a lost machine; SIGTERM lets it shut down.
   */
  stop(signal?: 'SIGKILL' | 'SIGTERM'): Promise<void>;
}

/**
 * Where a server binary is: the variable's path when set, else the command on the PATH, else the
 * first of `places` that exists (Debian puts nats-server in /usr/sbin, off a user's PATH).
 */
export function serverBinary(variable: string, command: string, places: string[] = []): string {
  const given = process.env[variable];
  if (given) return given;
  const onPath = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).stdout.trim();
  return onPath || places.find((place) => existsSync(place)) || command;
}

/** Every process started here and still running: killed by pid if the test process exits first. */
const running = new Map<number, ChildProcess>();
let exitHookInstalled = false;

function killLeftoversAtExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running.values()) child.kill('SIGKILL');
  });
}

/**
 * Starts a server binary with its arguments and waits until it accepts TCP connections on `port`
 * (127.0.0.1). Fails, with its output, when it exits first or does not listen within the timeout.
 */
export async function startServerProcess(
  name: string,
  command: string,
  args: string[],
  options: { port: number; cwd?: string; timeoutMs?: number },
): Promise<ServerProcess> {
  killLeftoversAtExit();
  const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error(`${name}: ${command} did not start`);
  const pid = child.pid;
  running.set(pid, child);
  let output = '';
  const keep = (data: Buffer) => (output = (output + data.toString()).slice(-65_536));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(pid));
  const isRunning = () => child.exitCode === null && child.signalCode === null;

  const server: ServerProcess = {
    name,
    pid,
    port: options.port,
    get running() {
      return isRunning();
    },
    output: () => output,
    async stop(signal = 'SIGKILL') {
      if (isRunning()) child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (!(await accepts(options.port))) {
    if (!isRunning() || Date.now() > deadline) {
      await server.stop();
      throw new Error(`${name} (${command} ${args.join(' ')}) did not listen on ${options.port}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return server;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
