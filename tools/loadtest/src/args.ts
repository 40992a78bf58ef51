import { randomBytes } from 'node:crypto';
import { SCENARIO_NAMES, type ScenarioName } from './scenarios/names';

/** How load is applied: an open model (arrivals per second, whatever the answers take) or a closed one (N users back to back). */
export type LoadModel = { kind: 'rate'; perSecond: number } | { kind: 'concurrency'; users: number };

export interface LoadTestOptions {
  scenarios: ScenarioName[];
  baseUrl: URL;
  /** Load grows linearly from zero over this time before the measured part. */
  rampUpMs: number;
  /** The measured part, after the ramp-up. */
  durationMs: number;
  load: LoadModel;
  /** Per request. */
  timeoutMs: number;
  /** Open model: arrivals beyond this many requests in flight are not sent (counted as `dropped`). */
  maxInFlight: number;
  /** Member accounts created by the setup step. */
  members: number;
  /** Browse: authenticated reads per member session before the member signs in again. */
  readsPerSession: number;
  /** Login storm: share of attempts with a wrong password. */
  wrongPasswordRatio: number;
  admin: { email: string; password: string };
  /** Output path without extension: `<out>.json` and `<out>.md`. */
  out?: string;
  /** Distinguishes this run's accounts (`lt-<runId>-…`). */
  runId: string;
  help: boolean;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export const LIMITS = { maxDurationMs: 60 * 60_000, maxRampUpMs: 10 * 60_000, maxRate: 20_000, maxConcurrency: 2_000, maxMembers: 10_000 };

export const USAGE = `Usage: loadtest [options]

Runs named load scenarios against the platform's REST API and writes a summary.

  --scenario <names>       ${SCENARIO_NAMES.join(', ')} or all (comma-separated; default all)
  --base-url <url>         the gateway (default http://127.0.0.1:8080)
  --ramp-up <time>         load grows from zero over this time first (default 5s)
  --duration <time>        measured time after the ramp-up (default 20s, at most 1h)
  --rate <n>               open model: n requests per second
  --concurrency <n>        closed model: n users, each sending its next request when answered (default 8)
  --timeout <time>         per request (default 10s)
  --max-in-flight <n>      open model: cap on requests in flight (default 512)
  --members <n>            member accounts the setup creates (default 20)
  --reads-per-session <n>  browse: reads before a member signs in again (default 20)
  --wrong-password-ratio <x>  login-storm: share of wrong passwords, 0..1 (default 0.25)
  --admin-email <email>    platform admin for the setup (env LOADTEST_ADMIN_EMAIL; default admin@platform.local)
  --admin-password <pw>    (env LOADTEST_ADMIN_PASSWORD; default change-me-now)
  --out <path>             write <path>.json and <path>.md
  --run-id <id>            tag of this run's accounts (default random)
  -h, --help

Times take ms, s or m (500ms, 20s, 2m); a bare number is seconds. The run always ends by itself:
ramp-up + duration + timeout per scenario, after the setup.`;

/** `500ms`, `20s`, `2m`, or a bare number of seconds. */
export function parseDuration(text: string, flag = 'time'): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!match) throw new UsageError(`${flag}: '${text}' is not a time (500ms, 20s, 2m)`);
  const value = Number(match[1]);
  const unit = match[2] ?? 's';
  return Math.round(unit === 'ms' ? value : unit === 's' ? value * 1000 : value * 60_000);
}

function positiveInt(text: string, flag: string, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new UsageError(`${flag}: expected a whole number from 1 to ${max}, got '${text}'`);
  return value;
}

/**
 * The target: http(s) with a host and nothing else than an optional path prefix. Only this one
 * address is ever contacted.
 */
export function parseBaseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--base-url: '${text}' is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--base-url: only http and https');
  if (url.username || url.password || url.search || url.hash) throw new UsageError('--base-url: no credentials, query or fragment');
  url.pathname = url.pathname.replace(/\/+$/, '');
  return url;
}

export function parseScenarios(text: string): ScenarioName[] {
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0 || names.includes('all')) return [...SCENARIO_NAMES];
  for (const name of names) {
    if (!(SCENARIO_NAMES as readonly string[]).includes(name)) throw new UsageError(`--scenario: unknown '${name}' (known: ${SCENARIO_NAMES.join(', ')})`);
  }
  return [...new Set(names)] as ScenarioName[];
}

/** Parses the command line (argv without node and the script). Throws UsageError. */
export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = {}): LoadTestOptions {
  const values = new Map<string, string>();
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '-h' || arg === '--help') {
      help = true;
      continue;
    }
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument '${arg}'`);
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (!KNOWN.has(flag)) throw new UsageError(`unknown option ${flag}`);
    if (value === undefined || (eq === -1 && value.startsWith('--'))) throw new UsageError(`${flag} needs a value`);
    values.set(flag, value);
  }
  if (values.has('--rate') && values.has('--concurrency')) throw new UsageError('--rate and --concurrency exclude each other');

  const get = (flag: string) => values.get(flag);
  const rate = get('--rate');
  const time = (flag: string, fallback: string, max: number) => {
    const ms = parseDuration(get(flag) ?? fallback, flag);
    if (ms > max) throw new UsageError(`${flag}: at most ${max / 1000} s`);
    return ms;
  };
  const durationMs = time('--duration', '20s', LIMITS.maxDurationMs);
  if (durationMs < 1000) throw new UsageError('--duration: at least 1s');
  const ratio = Number(get('--wrong-password-ratio') ?? '0.25');
  if (!(ratio >= 0 && ratio <= 1)) throw new UsageError('--wrong-password-ratio: a number from 0 to 1');
  const runId = get('--run-id') ?? randomBytes(3).toString('hex');
  if (!/^[a-z0-9]{1,16}$/.test(runId)) throw new UsageError('--run-id: 1 to 16 lowercase letters and digits');

  return {
    scenarios: parseScenarios(get('--scenario') ?? 'all'),
    baseUrl: parseBaseUrl(get('--base-url') ?? 'http://127.0.0.1:8080'),
    rampUpMs: time('--ramp-up', '5s', LIMITS.maxRampUpMs),
    durationMs,
    load: rate
      ? { kind: 'rate', perSecond: positiveInt(rate, '--rate', LIMITS.maxRate) }
      : { kind: 'concurrency', users: positiveInt(get('--concurrency') ?? '8', '--concurrency', LIMITS.maxConcurrency) },
    timeoutMs: time('--timeout', '10s', 120_000),
    maxInFlight: positiveInt(get('--max-in-flight') ?? '512', '--max-in-flight', 100_000),
    members: positiveInt(get('--members') ?? '20', '--members', LIMITS.maxMembers),
    readsPerSession: positiveInt(get('--reads-per-session') ?? '20', '--reads-per-session', 100_000),
    wrongPasswordRatio: ratio,
    admin: {
      email: get('--admin-email') ?? env['LOADTEST_ADMIN_EMAIL'] ?? 'admin@platform.local',
      password: get('--admin-password') ?? env['LOADTEST_ADMIN_PASSWORD'] ?? 'change-me-now',
    },
    out: get('--out'),
    runId,
    help,
  };
}

const KNOWN = new Set([
  '--scenario',
  '--base-url',
  '--ramp-up',
  '--duration',
  '--rate',
  '--concurrency',
  '--timeout',
  '--max-in-flight',
  '--members',
  '--reads-per-session',
  '--wrong-password-ratio',
  '--admin-email',
  '--admin-password',
  '--out',
  '--run-id',
]);

/** The longest a run can take after its setup: each scenario's ramp-up, duration and drain. */
export function runTimeBoundMs(options: Pick<LoadTestOptions, 'scenarios' | 'rampUpMs' | 'durationMs' | 'timeoutMs'>): number {
  return options.scenarios.length * (options.rampUpMs + options.durationMs + options.timeoutMs + 5_000);
}

/** `run.mjs local`: the options of the stack it starts, and the rest for parseArgs. */
export interface LocalOptions {
  bcryptCost: number;
  withOrganisation: boolean;
  writeDocs: boolean;
  rest: string[];
}

export function splitLocalArgs(argv: string[]): LocalOptions {
  const rest: string[] = [];
  let bcryptCost = 12;
  let writeDocs = false;
  let withOrganisation = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--write-docs') writeDocs = true;
    else if (arg === '--with-organisation') withOrganisation = true;
    else if (arg === '--bcrypt-cost') bcryptCost = Number(argv[++i]);
    else if (arg === '--base-url' || arg.startsWith('--base-url=')) throw new UsageError('--base-url: the local stack chooses its own');
    else rest.push(arg);
  }
  if (!Number.isInteger(bcryptCost) || bcryptCost < 4 || bcryptCost > 15) throw new UsageError('--bcrypt-cost: 4 to 15');
  return { bcryptCost, withOrganisation, writeDocs, rest };
}
