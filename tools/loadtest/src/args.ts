import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { equalMix, MixError, parseMix, type Mix } from './mix';
import { DEFAULT_MIX, SCENARIO_NAMES, type ScenarioName } from './scenarios/names';
import { parseThreshold, readThresholdsFile, ThresholdError, type Threshold } from './thresholds';
import { productionReason } from './url-guard';

/** How load is applied: an open model (arrivals per second, whatever the answers take) or a closed one (N users back to back). */
export type LoadModel = { kind: 'rate'; perSecond: number } | { kind: 'concurrency'; users: number };

export interface LoadTestOptions {
  /** The scenarios of the mix, in its order. */
  scenarios: ScenarioName[];
  /** Each scenario's weight: its share of the arrivals (open model) or of the users' next requests (closed). */
  mix: Mix;
  /** SLOs that fail the run when missed. */
  thresholds: Threshold[];
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
  /** The report's folder: report.json, report.html, report.md. */
  out: string;
  /** register: places of the capacity-race event. */
  raceCapacity: number;
  /** connector-sync: the legacy site the connector service syncs from. */
  legacySite?: { url: string; syncKey: string };
  allowProduction: boolean;
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

  --scenario <names>       ${SCENARIO_NAMES.join(', ')} or all (comma-separated), equal shares
  --mix <name=weight,…>    each scenario's share of the arrivals instead (default
                           ${DEFAULT_MIX})
  --base-url <url>         the gateway (default http://127.0.0.1:8080); the only address contacted
  --allow-production       run against a production-looking URL: https on a host that is not
                           localhost, 127.x, ::1, *.localhost, *.test, *.local, nor has a label
                           staging, stage, stg, preprod or uat (with digits or dashes around it)
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
  --threshold <slo>        fail the run unless it holds, repeatable: p95<300ms, errors<1%, rps>50,
                           per scenario browse.p99<1s (metrics p50 p90 p95 p99 max mean errors rps)
  --thresholds <file>      more of them from a JSON file: ["p95<300ms"] or { "thresholds": [...] }
  --race-capacity <n>      register: places of the capacity-race event (default 5)
  --legacy-site-url <url>  connector-sync: the legacy site the connector service syncs from (its
                           sync key in LOADTEST_LEGACY_SYNC_KEY or --legacy-sync-key)
  --out <dir>              the report's folder (default tmp/loadtest/<timestamp>): report.json,
                           report.html (plots, opens offline) and report.md
  --run-id <id>            tag of this run's accounts and data (default random)
  -h, --help

Times take ms, s or m (500ms, 20s, 2m); a bare number is seconds. All scenarios run together in
their shares. The run always ends by itself: after the setup, ramp-up + duration + timeout + the
checks; Ctrl-C stops the load early and still writes the report (twice: at once). Exit status 0
passed, 1 a threshold missed or a check failed (or an error), 2 bad usage, 3 the time limit hit.`;

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
  const thresholdTexts: string[] = [];
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
    if (flag === '--allow-production') {
      if (eq !== -1) throw new UsageError('--allow-production takes no value');
      values.set(flag, 'yes');
      continue;
    }
    if (!KNOWN.has(flag)) throw new UsageError(`unknown option ${flag}`);
    if (value === undefined || (eq === -1 && value.startsWith('--'))) throw new UsageError(`${flag} needs a value`);
    if (flag === '--threshold') thresholdTexts.push(value);
    else values.set(flag, value);
  }
  if (values.has('--rate') && values.has('--concurrency')) throw new UsageError('--rate and --concurrency exclude each other');
  if (values.has('--scenario') && values.has('--mix')) throw new UsageError('--scenario and --mix exclude each other');

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

  let mix;
  try {
    mix = values.has('--scenario') ? equalMix(parseScenarios(get('--scenario') ?? 'all')) : parseMix(get('--mix') ?? DEFAULT_MIX, SCENARIO_NAMES);
  } catch (err) {
    throw err instanceof MixError ? new UsageError(err.message) : err;
  }
  const scenarios = [...mix.keys()] as ScenarioName[];
  let thresholds: Threshold[];
  try {
    thresholds = [
      ...thresholdTexts.map((t) => parseThreshold(t, scenarios)),
      ...(values.has('--thresholds') ? readThresholdsFile(get('--thresholds') ?? '', scenarios) : []),
    ];
  } catch (err) {
    throw err instanceof ThresholdError ? new UsageError(err.message) : err;
  }
  const baseUrl = parseBaseUrl(get('--base-url') ?? 'http://127.0.0.1:8080');
  const allowProduction = values.has('--allow-production');
  const production = productionReason(baseUrl);
  if (production && !allowProduction)
    throw new UsageError(`--base-url: refused, it looks like production: ${production}. Point it at staging, or add --allow-production`);
  const siteUrl = get('--legacy-site-url');
  const syncKey = get('--legacy-sync-key') ?? env['LOADTEST_LEGACY_SYNC_KEY'];
  if (siteUrl && !syncKey) throw new UsageError('--legacy-site-url needs the sync key (LOADTEST_LEGACY_SYNC_KEY or --legacy-sync-key)');

  return {
    scenarios,
    mix,
    thresholds,
    baseUrl,
    allowProduction,
    raceCapacity: positiveInt(get('--race-capacity') ?? '5', '--race-capacity', 10_000),
    ...(siteUrl && syncKey ? { legacySite: { url: siteUrl, syncKey } } : {}),
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
    out: get('--out') ?? defaultOut(),
    runId,
    help,
  };
}

/** tmp/loadtest/<UTC timestamp>, e.g. tmp/loadtest/2026-11-29T13-40-05Z. */
export function defaultOut(now = new Date()): string {
  return path.join('tmp', 'loadtest', `${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z`);
}

const KNOWN = new Set([
  '--scenario',
  '--mix',
  '--threshold',
  '--thresholds',
  '--race-capacity',
  '--legacy-site-url',
  '--legacy-sync-key',
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

/** After the load, at most this long for the scenarios' checks (a sync polled to its end). */
export const CHECKS_BOUND_MS = 60_000;

/** The longest a run can take after its setup: the ramp-up, the duration, the drain and the checks. */
export function runTimeBoundMs(options: Pick<LoadTestOptions, 'rampUpMs' | 'durationMs' | 'timeoutMs'>): number {
  return options.rampUpMs + options.durationMs + options.timeoutMs + CHECKS_BOUND_MS + 5_000;
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
