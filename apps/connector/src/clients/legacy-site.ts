import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { DestinationUnresolved, checkHttpUrl, pinnedAgent, type DestinationGuard } from '@platform/outbound';
import type { SourceRecord } from '../domain/mappings';
import { SiteError, type LegacySite, type LegacySites, type SitePage } from './ports';

export interface LegacySiteOptions {
  guard: DestinationGuard;
  /** Per request, connection to last byte. */
  timeoutMs: number;
  /** The largest answer read (a page of 200 long articles fits). */
  maxBytes?: number;
}

const SYNC_KEY_HEADER = 'x-association-sync-key';

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const int = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isInteger(v) ? v : fallback);

/** The site's error body `{code, message, data: {status}}` as a short text. */
function siteErrorText(status: number, body: unknown): { text: string; code?: string } {
  if (isRecord(body) && typeof body['code'] === 'string') {
    const message = typeof body['message'] === 'string' ? `: ${body['message']}` : '';
    return { text: `the site answered ${status} ${body['code']}${message}`, code: body['code'] };
  }
  return { text: `the site answered ${status}` };
}

/** 401 (key missing or wrong) and 503 (no key generated, database down) fail a job at once; other 5xx, 408 and 429 are retried. */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status !== 503);
}

/** The legacy-site plugin API over node:http(s), every connection pinned to the address the guard checked. */
export function legacySites(options: LegacySiteOptions): LegacySites {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  return {
    checkStatic(siteUrl) {
      const url = new URL(siteUrl);
      options.guard.checkStatic(url.hostname, url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);
    },
    async open(siteUrl, syncKey) {
      const base = new URL(`${siteUrl.replace(/\/+$/, '')}/api/v1/`);
      let checked: Awaited<ReturnType<typeof checkHttpUrl>>;
      try {
        checked = await checkHttpUrl(options.guard, base);
      } catch (err) {
        if (err instanceof DestinationUnresolved) throw new SiteError(`The site URL's host ${err.message.replace(/^\S+ /, '')}`, err.code === 'ETIMEOUT');
        throw err;
      }
      const agent = pinnedAgent(checked.url, checked.destination);

      const call = (method: 'GET' | 'PUT', path: string, query: Record<string, string>, withKey: boolean, body?: unknown): Promise<unknown> => {
        const url = new URL(path, base);
        for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
        const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
        const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body), 'utf8');
        const headers = {
          accept: 'application/json',
          ...(withKey ? { [SYNC_KEY_HEADER]: syncKey } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
        };
        return new Promise((resolve, reject) => {
          const req = send(url, { method, agent, headers }, (res: IncomingMessage) => {
            const chunks: Buffer[] = [];
            let size = 0;
            res.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > maxBytes) {
                req.destroy(new SiteError(`the site's answer is larger than ${maxBytes} bytes`, false));
                return;
              }
              chunks.push(chunk);
            });
            res.on('error', (err) => reject(new SiteError(`the site's answer broke off: ${err.message}`, true)));
            res.on('end', () => {
              const status = res.statusCode ?? 0;
              let body: unknown;
              try {
                body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              } catch {
                body = undefined;
              }
              if (status >= 300 && status < 400)
                return reject(new SiteError(`the site answered a redirect (${status}): redirects are not followed`, false, status));
              if (status < 200 || status >= 300) {
                const { text, code } = siteErrorText(status, body);
                return reject(new SiteError(text, isTransientStatus(status), status, code));
              }
              if (body === undefined) return reject(new SiteError('the site answered something that is not JSON', false, status));
              resolve(body);
            });
          });
          req.setTimeout(options.timeoutMs, () => req.destroy(new SiteError(`the site did not answer within ${options.timeoutMs} ms`, true)));
          req.on('error', (err: Error) => reject(err instanceof SiteError ? err : new SiteError(`the site cannot be reached: ${err.message}`, true)));
          req.end(payload);
        });
      };
      const get = (path: string, query: Record<string, string>, withKey: boolean) => call('GET', path, query, withKey);

      const site: LegacySite = {
        async ping() {
          const body = await get('sync/ping', {}, false);
          if (!isRecord(body)) throw new SiteError('the ping did not answer a JSON object', false);
          return body;
        },
        async page(path, query) {
          const params: Record<string, string> = { page: String(query.page), per_page: String(query.perPage) };
          if (query.since) params['since'] = query.since.toISOString();
          const body = await get(`sync/${path}`, params, true);
          if (!isRecord(body) || !Array.isArray(body['data'])) throw new SiteError(`the ${path} pull did not answer a sync page envelope`, false);
          const page: SitePage = {
            data: (body['data'] as unknown[]).filter(isRecord) as SourceRecord[],
            total: int(body['total'], 0),
            page: int(body['page'], query.page),
            perPage: int(body['per_page'], query.perPage),
            totalPages: int(body['total_pages'], 0),
          };
          return page;
        },
        async update(path, id, fields) {
          const body = await call('PUT', `sync/${path}/${encodeURIComponent(id)}`, {}, true, fields);
          if (!isRecord(body)) throw new SiteError(`the ${path} update did not answer a JSON object`, false);
          return body;
        },
      };
      return site;
    },
  };
}
