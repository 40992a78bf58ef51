import { createPlatformClient, type PlatformClient } from '@platform/api-client';
import type { Outcome } from './stats';
import { guardedFetch } from './url-guard';

/** A request outside the API document (a signed download URL it answered), on the base URL only; the body is read before it answers. */
export type RawFetch = (pathAndQuery: string, signal: AbortSignal) => Promise<{ response: Response; bytes: number }>;

/** A request as a call of the typed client (@platform/api-client), given the signal that ends it at the timeout. */
export type ApiCall = (api: PlatformClient, signal: AbortSignal, raw: RawFetch) => Promise<{ response: Response; data?: unknown; error?: unknown }>;

export interface HttpRequest {
  call: ApiCall;
}

export interface HttpResult {
  outcome: Outcome;
  latencyMs: number;
  /** The parsed JSON body (the data of a success, the problem of a failure), when the answer had one. */
  json?: unknown;
}

/**
 * The typed platform client bound to one base URL, the only address the tool ever contacts: every
 * request's origin and path are checked before it is sent, and redirects are not followed
 * (url-guard.ts). Node's fetch keeps connections alive. Latency is measured from sending the request to the end
 * of the body, which openapi-fetch reads before it answers.
 */
export class HttpClient {
  readonly api: PlatformClient;
  readonly raw: RawFetch;

  constructor(
    baseUrl: URL,
    private readonly timeoutMs: number,
    inner: typeof fetch = fetch,
  ) {
    const send = guardedFetch(baseUrl, inner);
    // openapi-fetch joins the base URL and the path as strings: the base without its trailing slash.
    this.api = createPlatformClient({
      baseUrl: baseUrl.href.replace(/\/+$/, ''),
      fetch: send,
      headers: { accept: 'application/json', 'user-agent': 'platform-loadtest/1' },
    });
    this.raw = async (pathAndQuery, signal) => {
      const url = new URL(`${baseUrl.pathname.replace(/\/+$/, '')}${pathAndQuery}`, baseUrl.origin);
      const response = await send(new Request(url, { signal, headers: { 'user-agent': 'platform-loadtest/1' } }));
      const bytes = (await response.arrayBuffer()).byteLength;
      return { response, bytes };
    };
  }

  /** A signal that aborts a request at the timeout: for calls made outside `send` (the setup). */
  deadline(): AbortSignal {
    return AbortSignal.timeout(this.timeoutMs);
  }

  async send(request: HttpRequest): Promise<HttpResult> {
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    try {
      const { response, data, error } = await request.call(this.api, this.deadline(), this.raw);
      return { outcome: response.status, latencyMs: elapsed(), json: data ?? error };
    } catch (err) {
      // A request to anywhere but the base URL was never sent: an error of its own kind.
      if (err instanceof Error && err.name === 'OffTargetError') return { outcome: 'off-target', latencyMs: elapsed() };
      return { outcome: err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : 'network', latencyMs: elapsed() };
    }
  }
}
