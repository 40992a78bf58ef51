import http from 'node:http';
import https from 'node:https';
import type { Outcome } from './stats';

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Path and query, appended to the base URL's path. */
  path: string;
  token?: string;
  body?: unknown;
}

export interface HttpResult {
  outcome: Outcome;
  latencyMs: number;
  /** The parsed JSON body, when asked for and the answer had one. */
  json?: unknown;
}

/**
 * A keep-alive HTTP client bound to one base URL: the only address the tool ever contacts.
 * Latency is measured from sending the request to the end of the body.
 */
export class HttpClient {
  private readonly agent: http.Agent;
  private readonly transport: typeof http | typeof https;
  private readonly prefix: string;

  constructor(
    private readonly baseUrl: URL,
    private readonly timeoutMs: number,
    maxSockets: number,
  ) {
    this.transport = baseUrl.protocol === 'https:' ? https : http;
    this.prefix = baseUrl.pathname.replace(/\/+$/, '');
    const Agent = baseUrl.protocol === 'https:' ? https.Agent : http.Agent;
    this.agent = new Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }

  send(request: HttpRequest, options: { parseJson?: boolean } = {}): Promise<HttpResult> {
    const body = request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body));
    const headers: http.OutgoingHttpHeaders = { accept: 'application/json', 'user-agent': 'platform-loadtest/1' };
    if (body) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = body.length;
    }
    if (request.token) headers['authorization'] = `Bearer ${request.token}`;
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    return new Promise<HttpResult>((resolve) => {
      let settled = false;
      const done = (result: HttpResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const req = this.transport.request(
        {
          protocol: this.baseUrl.protocol,
          hostname: this.baseUrl.hostname,
          port: this.baseUrl.port || undefined,
          method: request.method,
          path: this.prefix + request.path,
          headers,
          agent: this.agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => options.parseJson && chunks.push(chunk));
          res.on('error', () => done({ outcome: 'network', latencyMs: elapsed() }));
          res.on('end', () => {
            let json: unknown;
            if (options.parseJson && chunks.length > 0) {
              try {
                json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              } catch {
                json = undefined;
              }
            }
            done({ outcome: res.statusCode ?? 'network', latencyMs: elapsed(), json });
          });
        },
      );
      const timer = setTimeout(() => {
        done({ outcome: 'timeout', latencyMs: elapsed() });
        req.destroy();
      }, this.timeoutMs);
      req.on('error', () => done({ outcome: 'network', latencyMs: elapsed() }));
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
