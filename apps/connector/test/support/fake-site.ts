import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type SiteRecord = Record<string, unknown> & { id: number };

/**
 * A legacy site's sync API in the test (spec 4.9): ping, the seven pulls with paging, `since` and
 * the sync key, plus failure injection. The real site (apps/legacy-site) runs in the e2e test.
 */
export interface FakeSite {
  url: string;
  port: number;
  key: string;
  pluginVersion: string;
  /** Records by pull path (`members`, `articles`…), each with its change time. */
  records: Record<string, Array<{ record: SiteRecord; modified: Date }>>;
  /** Requests received: path and query (and, for the write-backs, method and JSON body). */
  requests: Array<{ path: string; query: URLSearchParams; key?: string; method?: string; body?: unknown }>;
  /** Read-only mode: the write-backs answer 403 association_read_only. */
  readOnly: boolean;
  /** The next `times` requests of `path` (e.g. `sync/members`) answer `status`. */
  failNext(path: string, status: number, times?: number): void;
  /** Every request of `path` waits `ms` before answering. */
  delay(path: string, ms: number): void;
  set(path: string, records: SiteRecord[], modified?: Date): void;
  stop(): Promise<void>;
}

function readJson(req: import('node:http').IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        resolve(undefined);
      }
    });
  });
}

export async function startFakeSite(key = 'fake-site-sync-key-0123456789'): Promise<FakeSite> {
  const failures = new Map<string, { status: number; times: number }>();
  const delays = new Map<string, number>();
  const site: Omit<FakeSite, 'url' | 'port' | 'stop'> = {
    key,
    pluginVersion: '1.2.0',
    records: {},
    requests: [],
    readOnly: false,
    failNext(path, status, times = 1) {
      failures.set(path, { status, times });
    },
    delay(path, ms) {
      delays.set(path, ms);
    },
    set(path, records, modified = new Date('2025-01-01T00:00:00Z')) {
      site.records[path] = records.map((record) => ({ record, modified }));
    },
  };
  const send = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://site');
      const path = url.pathname.replace(/^\/api\/v1\//, '');
      const given = req.headers['x-association-sync-key'];
      const body = req.method === 'PUT' ? await readJson(req) : undefined;
      site.requests.push({ path, query: url.searchParams, key: typeof given === 'string' ? given : undefined, method: req.method, body });
      const wait = delays.get(path);
      if (wait) await new Promise((r) => setTimeout(r, wait));
      const failure = failures.get(path);
      if (failure && failure.times > 0) {
        failure.times--;
        return send(res, failure.status, { code: 'injected_failure', message: 'injected', data: { status: failure.status } });
      }
      if (path === 'sync/ping') return send(res, 200, { status: 'ok', plugin_version: site.pluginVersion, time: new Date().toISOString() });
      const update = /^sync\/(members|events)\/(\d+)$/.exec(path);
      if (update && req.method === 'PUT') {
        if (given !== site.key) return send(res, 401, { code: 'association_sync_key_invalid', message: 'Invalid sync key', data: { status: 401 } });
        if (site.readOnly) return send(res, 403, { code: 'association_read_only', message: 'read-only', data: { status: 403 } });
        const found = site.records[update[1]!]?.find((r) => r.record.id === Number(update[2]));
        if (!found) return send(res, 404, { code: 'rest_post_invalid_id', message: 'Invalid ID.', data: { status: 404 } });
        Object.assign(found.record, body);
        found.modified = new Date();
        return send(res, 200, found.record);
      }
      const entity = /^sync\/([a-z]+)$/.exec(path)?.[1];
      if (!entity || !site.records[entity]) return send(res, 404, { code: 'rest_no_route', message: 'No route', data: { status: 404 } });
      if (given === undefined) return send(res, 401, { code: 'association_sync_key_missing', message: 'missing', data: { status: 401 } });
      if (given !== site.key) return send(res, 401, { code: 'association_sync_key_invalid', message: 'Invalid sync key', data: { status: 401 } });
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 50);
      if (perPage > 200 || perPage < 1) return send(res, 400, { code: 'rest_invalid_param', message: 'per_page', data: { status: 400 } });
      const since = url.searchParams.get('since');
      const all = site.records[entity].filter((r) => !since || r.modified.getTime() >= Date.parse(since)).map((r) => r.record);
      const data = all.slice((page - 1) * perPage, page * perPage);
      send(res, 200, { data, total: all.length, page, per_page: perPage, total_pages: Math.ceil(all.length / perPage) });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(site, {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
