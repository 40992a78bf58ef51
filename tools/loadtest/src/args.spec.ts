import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, parseBaseUrl, parseDuration, runTimeBoundMs, splitLocalArgs, UsageError } from './args';

describe('parseDuration', () => {
  it('reads milliseconds, seconds and minutes, a bare number being seconds', () => {
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('20s')).toBe(20_000);
    expect(parseDuration('1.5')).toBe(1500);
    expect(parseDuration('2m')).toBe(120_000);
  });

  it('refuses anything else', () => {
    expect(() => parseDuration('10 minutes', '--duration')).toThrow("--duration: '10 minutes' is not a time");
    expect(() => parseDuration('-1s')).toThrow(UsageError);
  });
});

describe('parseArgs', () => {
  it('has defaults for a short closed-model run of the default mix against the local gateway', () => {
    const options = parseArgs([], {});
    expect(options).toMatchObject({
      scenarios: ['browse', 'register', 'documents', 'admin-list', 'notify', 'connector-sync', 'login-storm', 'registration-burst'],
      thresholds: [],
      raceCapacity: 5,
      allowProduction: false,
      rampUpMs: 5000,
      durationMs: 20_000,
      load: { kind: 'concurrency', users: 8 },
      timeoutMs: 10_000,
      members: 20,
      wrongPasswordRatio: 0.25,
      admin: { email: 'admin@platform.local', password: 'change-me-now' },
      help: false,
    });
    expect(options.baseUrl.href).toBe('http://127.0.0.1:8080/');
    expect(options.runId).toMatch(/^[a-z0-9]{6}$/);
    expect(options.out).toMatch(/^tmp\/loadtest\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    expect(options.legacySite).toBeUndefined();
  });

  it('reads the mix, thresholds (repeated and from a file) and the legacy site', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lt-args-'));
    const file = path.join(dir, 'slo.json');
    writeFileSync(file, JSON.stringify({ thresholds: ['errors<1%'] }));
    const options = parseArgs(
      [
        '--mix',
        'browse=60,register=10',
        '--threshold',
        'p95<300ms',
        '--threshold',
        'browse.p95<200ms',
        '--thresholds',
        file,
        '--legacy-site-url',
        'http://site.test',
      ],
      { LOADTEST_LEGACY_SYNC_KEY: 'k' },
    );
    expect(options.scenarios).toEqual(['browse', 'register']);
    expect([...options.mix]).toEqual([
      ['browse', 60],
      ['register', 10],
    ]);
    expect(options.thresholds.map((t) => t.text)).toEqual(['p95<300ms', 'browse.p95<200ms', 'errors<1%']);
    expect(options.legacySite).toEqual({ url: 'http://site.test', syncKey: 'k' });
  });

  it('refuses a production-looking base URL unless --allow-production', () => {
    expect(() => parseArgs(['--base-url', 'https://api.example.org'], {})).toThrow(/looks like production: https:\/\/api.example.org .*--allow-production/);
    expect(parseArgs(['--base-url', 'https://api.example.org', '--allow-production'], {}).allowProduction).toBe(true);
    expect(parseArgs(['--base-url', 'https://api.staging.example.org'], {}).baseUrl.host).toBe('api.staging.example.org');
  });

  it('reads options as `--flag value` or `--flag=value`', () => {
    const options = parseArgs(
      ['--scenario', 'browse,login-storm', '--rate=150', '--ramp-up', '2s', '--duration=1m', '--out', 'tmp/lt', '--run-id', 'abc1'],
      {},
    );
    expect(options).toMatchObject({
      scenarios: ['browse', 'login-storm'],
      load: { kind: 'rate', perSecond: 150 },
      rampUpMs: 2000,
      durationMs: 60_000,
      out: 'tmp/lt',
      runId: 'abc1',
    });
  });

  it('takes the admin from the environment unless given', () => {
    expect(parseArgs([], { LOADTEST_ADMIN_EMAIL: 'ops@x.org', LOADTEST_ADMIN_PASSWORD: 'pw' }).admin).toEqual({ email: 'ops@x.org', password: 'pw' });
    expect(parseArgs(['--admin-email', 'me@x.org'], { LOADTEST_ADMIN_EMAIL: 'ops@x.org' }).admin.email).toBe('me@x.org');
  });

  it.each([
    [['--rate', '10', '--concurrency', '2'], '--rate and --concurrency exclude each other'],
    [['--scenario', 'browse,shopping'], "--scenario: unknown 'shopping'"],
    [['--duration', '61m'], '--duration: at most 3600 s'],
    [['--duration', '500ms'], '--duration: at least 1s'],
    [['--concurrency', '0'], '--concurrency: expected a whole number from 1 to 2000'],
    [['--rate', '1.5'], '--rate: expected a whole number'],
    [['--wrong-password-ratio', '2'], '--wrong-password-ratio: a number from 0 to 1'],
    [['--bogus', '1'], 'unknown option --bogus'],
    [['--duration'], '--duration needs a value'],
    [['--duration', '--rate', '5'], '--duration needs a value'],
    [['browse'], "unexpected argument 'browse'"],
    [['--scenario', 'browse', '--mix', 'browse=1'], '--scenario and --mix exclude each other'],
    [['--mix', 'browse=1,shop=2'], "--mix: unknown scenario 'shop'"],
    [['--threshold', 'p95<300'], 'p95 needs ms or s'],
    [['--mix', 'browse=1', '--threshold', 'register.p95<1s'], "unknown scenario 'register'"],
    [['--thresholds', '/nonexistent/slo.json'], '--thresholds /nonexistent/slo.json'],
    [['--legacy-site-url', 'http://site.test'], 'needs the sync key'],
    [['--allow-production=yes'], '--allow-production takes no value'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv, {})).toThrow(message);
  });

  it('asks for help', () => {
    expect(parseArgs(['--help'], {}).help).toBe(true);
  });
});

describe('parseBaseUrl', () => {
  it('accepts http(s) with an optional path prefix, without its trailing slash', () => {
    expect(parseBaseUrl('https://staging.example.org/').href).toBe('https://staging.example.org/');
    expect(parseBaseUrl('http://127.0.0.1:8080/edge/').pathname).toBe('/edge');
  });

  it('refuses other schemes, credentials and queries', () => {
    expect(() => parseBaseUrl('ftp://x')).toThrow('only http and https');
    expect(() => parseBaseUrl('http://u:p@x')).toThrow('no credentials');
    expect(() => parseBaseUrl('http://x/?a=1')).toThrow('no credentials, query or fragment');
    expect(() => parseBaseUrl('not a url')).toThrow('is not a URL');
  });
});

describe('runTimeBoundMs', () => {
  it('bounds a run by its ramp-up, duration, drain and checks', () => {
    expect(runTimeBoundMs({ rampUpMs: 5000, durationMs: 20_000, timeoutMs: 10_000 })).toBe(35_000 + 60_000 + 5_000);
  });
});

describe('splitLocalArgs', () => {
  it('takes the local stack’s own options and leaves the rest', () => {
    expect(splitLocalArgs(['--with-organisation', '--duration', '20s', '--bcrypt-cost', '10', '--write-docs'])).toEqual({
      bcryptCost: 10,
      withOrganisation: true,
      writeDocs: true,
      rest: ['--duration', '20s'],
    });
    expect(splitLocalArgs([])).toEqual({ bcryptCost: 12, withOrganisation: false, writeDocs: false, rest: [] });
  });

  it('refuses a base URL (the stack has its own) and a bcrypt cost out of range', () => {
    expect(() => splitLocalArgs(['--base-url', 'http://x'])).toThrow('the local stack chooses its own');
    expect(() => splitLocalArgs(['--bcrypt-cost', '3'])).toThrow('--bcrypt-cost: 4 to 15');
  });
});
