import { createPlatformClient, type PlatformClient } from '@platform/api-client';
import type { Outcome } from './stats';

/** A request as a call of the typed client (@platform/api-client), given the signal that ends it at the timeout. */
export type ApiCall = (api: PlatformClient, signal: AbortSignal) => Promise<{ response: Response; data?: unknown; error?: unknown }>;

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
 * The typed platform client bound to one base URL, the only address the tool ever contacts
 * (Node's fetch keeps connections alive). Latency is measured from sending the request to the end
 * of the body, which openapi-fetch reads before it answers.
 */
export class HttpClient {
  readonly api: PlatformClient;

  constructor(
    baseUrl: URL,
    private readonly timeoutMs: number,
  ) {
    this.api = createPlatformClient({ baseUrl: baseUrl.href, headers: { accept: 'application/json', 'user-agent': 'platform-loadtest/1' } });
  }

  /** A signal that aborts a request at the timeout: for calls made outside `send` (the setup). */
  deadline(): AbortSignal {
    return AbortSignal.timeout(this.timeoutMs);
  }

  async send(request: HttpRequest): Promise<HttpResult> {
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    try {
      const { response, data, error } = await request.call(this.api, this.deadline());
      return { outcome: response.status, latencyMs: elapsed(), json: data ?? error };
    } catch (err) {
      return { outcome: err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : 'network', latencyMs: elapsed() };
    }
  }
}
