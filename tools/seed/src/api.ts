/** A response of the platform: status and parsed JSON body (problem+json included). */
export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** The REST API at `baseUrl`, as the dashboard calls it. */
export class Api {
  constructor(private readonly baseUrl: string) {}

  async call<T = Record<string, unknown>>(method: string, path: string, options: { body?: unknown; token?: string; form?: FormData } = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = {};
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
  }

  get = <T = Record<string, unknown>>(path: string, token?: string) => this.call<T>('GET', path, { token });
  post = <T = Record<string, unknown>>(path: string, body: unknown, token?: string) => this.call<T>('POST', path, { body, token });
  put = <T = Record<string, unknown>>(path: string, body: unknown, token?: string) => this.call<T>('PUT', path, { body, token });

  /** The body of a reply with one of the expected statuses; anything else stops the seed with what the platform said. */
  static expect<T>(reply: Reply<T>, what: string, ...statuses: number[]): T {
    if (!statuses.includes(reply.status)) throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
    return reply.body;
  }
}
