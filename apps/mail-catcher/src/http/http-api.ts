import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HealthRequestHandler } from '@platform/health';
import type { Logger } from '@platform/telemetry';
import { detailOf, listOf } from '../domain/mailpit';
import type { MessageStore, StoredMessage } from '../domain/message-store';
import { matchesQuery } from '../domain/search';

export interface HttpApi {
  port: number;
  close(): Promise<void>;
}

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 1000;

function intParam(value: string | null, fallback: number, max: number): number | undefined {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value)) return undefined;
  return Math.min(Number(value), max);
}

function send(res: http.ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const payload = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(payload);
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8').trim();
  return text ? (JSON.parse(text) as unknown) : {};
}

/**
 * The HTTP side, Mailpit's API v1 subset: `GET /api/v1/messages` and `GET /api/v1/search?query=`
 * (newest first, `start`, `limit`), `GET /api/v1/message/{ID}` (or `latest`; marks it read),
 * `GET /api/v1/message/{ID}/raw`, `DELETE /api/v1/messages` (all, or `{"IDs": [...]}`), and the
 * health paths of @platform/health (`/healthz`, `/readyz`; `/livez` as Mailpit names liveness).
 */
export async function startHttpApi(options: {
  port: number;
  host: string;
  store: MessageStore;
  health: HealthRequestHandler;
  logger: Logger;
}): Promise<HttpApi> {
  const { store } = options;

  const list = (res: http.ServerResponse, url: URL, matching: (m: StoredMessage) => boolean) => {
    const start = intParam(url.searchParams.get('start'), 0, Number.MAX_SAFE_INTEGER);
    const limit = intParam(url.searchParams.get('limit'), DEFAULT_LIMIT, MAX_LIMIT);
    if (start === undefined || limit === undefined) return send(res, 400, 'start and limit must be non-negative integers', 'text/plain');
    const all = store.all();
    const matched = all.filter(matching);
    send(
      res,
      200,
      listOf(matched.slice(start, start + limit), {
        total: all.length,
        unread: store.unread(),
        matched: matched.length,
        matchedUnread: matched.filter((m) => !m.read).length,
        start,
      }),
    );
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://catcher');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    if (options.health(req, res, path === '/livez' ? '/healthz' : path)) return;
    void (async () => {
      if (path === '/api/v1/messages' && method === 'GET') return list(res, url, () => true);
      if (path === '/api/v1/messages' && method === 'DELETE') {
        const body = (await readJson(req)) as { IDs?: unknown };
        const ids = Array.isArray(body.IDs) ? body.IDs.map(String) : undefined;
        store.delete(ids);
        return send(res, 200, 'ok', 'text/plain');
      }
      if (path === '/api/v1/search' && method === 'GET') {
        const query = url.searchParams.get('query') ?? '';
        return list(res, url, (m) => matchesQuery(m, query));
      }
      const raw = /^\/api\/v1\/message\/([^/]+)\/raw$/.exec(path);
      if (raw && method === 'GET') {
        const message = store.get(decodeURIComponent(raw[1] ?? ''));
        return message ? send(res, 200, message.raw, 'text/plain; charset=utf-8') : send(res, 404, 'message not found', 'text/plain');
      }
      const one = /^\/api\/v1\/message\/([^/]+)$/.exec(path);
      if (one && method === 'GET') {
        const message = store.get(decodeURIComponent(one[1] ?? ''));
        if (!message) return send(res, 404, 'message not found', 'text/plain');
        message.read = true;
        return send(res, 200, detailOf(message));
      }
      send(res, 404, 'not found', 'text/plain');
    })().catch((err: unknown) => {
      options.logger.warn({ err, path }, 'request failed');
      if (!res.headersSent) send(res, 400, 'bad request', 'text/plain');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
