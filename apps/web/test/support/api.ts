/** What a test's set-up call to the API answered: the status and the parsed JSON body, if any. */
export interface ApiAnswer {
  status: number;
  body: any;
}

/**
 * The API as a test sets things up, at `baseUrl` (the gateway): JSON in and out, a bearer token
 * when given; a gateway timeout on a loaded machine (502–504) is tried again, twice.
 */
export async function callApi(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<ApiAnswer> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 502 && res.status <= 504 && attempt < 3) {
      await new Promise((r) => setTimeout(r, 1000));
      continue;
    }
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }
}
