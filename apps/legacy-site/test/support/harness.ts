import { createLogger } from '@platform/telemetry';
import { createTestSchema } from '@platform/testing';
import { createLegacySite, type LegacySite, type LegacySiteConfig, type SeedPlan } from '../../src/site';

export const SYNC_KEY = 'test-sync-key-0123456789abcdef';
export const JWT_SECRET = 'test-jwt-secret-0123456789-0123456789';
export const FIXTURE_PASSWORD = 'password123';
export const ADMIN_PASSWORD = 'admin-password';

/** A clock the tests move by hand. */
export class TestClock {
  constructor(public now: Date = new Date()) {}
  readonly read = () => this.now;
  advance(ms: number): Date {
    this.now = new Date(this.now.getTime() + ms);
    return this.now;
  }
}

export interface TestSite {
  site: LegacySite;
  url: string;
  api: string;
  /** The admin port's base URL (`/healthz`, `/readyz`, `/metrics`). */
  adminUrl: string;
  /** The lines the site tells at start (API and admin URLs, sync key, logins). */
  banner: string[];
  /** The site's own schema, in the database `databaseUrl` names. */
  schema: string;
  databaseUrl: string;
  clock: TestClock;
  /** fetch against the API with JSON in and out. */
  call(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; key?: string | null; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  login(username: string, password?: string): Promise<string>;
  stop(): Promise<void>;
}

/** Starts the site in-process on a free port, in its own schema, which `stop` drops. */
export async function startTestSite(options: { seed?: SeedPlan; syncKey?: string | null; config?: Partial<LegacySiteConfig> } = {}): Promise<TestSite> {
  const { schema, connectionString: databaseUrl, drop } = await createTestSchema('legacy_site');
  const clock = new TestClock();
  const site = createLegacySite({
    databaseUrl,
    schema,
    jwtSecret: JWT_SECRET,
    timezone: '+10:00',
    syncKey: options.syncKey === undefined ? SYNC_KEY : options.syncKey,
    seed: options.seed ?? { kind: 'fixtures' },
    bcryptRounds: 4,
    clock: clock.read,
    logger: createLogger('legacy-site-test'),
    ...options.config,
  });
  const started = await site.start(0, '127.0.0.1', 0);
  const api = `${started.url}/api/v1`;
  const call: TestSite['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
    const key = opts.key === undefined ? SYNC_KEY : opts.key;
    if (key !== null && path.startsWith('/sync/')) headers['x-association-sync-key'] = key;
    const res = await fetch(path.startsWith('http') ? path : `${api}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body, headers: res.headers };
  };
  return {
    site,
    url: started.url,
    api,
    adminUrl: started.adminUrl!,
    banner: started.banner,
    schema,
    databaseUrl,
    clock,
    call,
    async login(username, password = FIXTURE_PASSWORD) {
      const res = await call('POST', '/auth', { body: { username, password } });
      if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token as string;
    },
    async stop() {
      await site.stop();
      await drop();
    },
  };
}

/** Every record of a sync pull, page by page. */
export async function pullAll(t: TestSite, entity: string, query = '', perPage = 200): Promise<any[]> {
  const out: any[] = [];
  for (let page = 1; ; page++) {
    const res = await t.call('GET', `/sync/${entity}?per_page=${perPage}&page=${page}${query}`);
    if (res.status !== 200) throw new Error(`pull ${entity} page ${page}: ${res.status} ${JSON.stringify(res.body)}`);
    out.push(...res.body.data);
    if (page >= res.body.total_pages) return out;
  }
}

/** A site whose database never answers (nothing listens on port 1): for the failure paths. */
export function unreachableSite(): LegacySite {
  return createLegacySite({
    databaseUrl: 'postgresql://postgres@127.0.0.1:1/postgres',
    schema: 'legacy_unreachable',
    jwtSecret: 'x'.repeat(32),
    timezone: '+10:00',
    logger: createLogger('legacy-site-test'),
  });
}
