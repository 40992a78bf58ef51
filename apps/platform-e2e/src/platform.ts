import { STACK_ADMIN, startPlatformStack, type PlatformStack, type PlatformStackOptions } from '@platform/testing';

export const ADMIN = STACK_ADMIN;
export type Platform = PlatformStack;

/** The built apps of the service registry as processes, isolated from other suites (see startPlatformStack for the options). */
export const startPlatform = (label: string, options: PlatformStackOptions = {}): Promise<Platform> => startPlatformStack(label, options);

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 100 ms until it holds (true) or `tries` run out (false): for effects that travel by events. */
export async function holdsSoon(check: () => Promise<boolean>, tries = 50): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read arbitrary JSON
  body: any;
}

/** A small HTTP client for the gateway: JSON in, JSON (or problem+json) out. */
export function http(baseUrl: string) {
  const call = async (
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {},
  ): Promise<JsonResponse> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: res.status, headers: res.headers, body: parsed };
  };
  return {
    get: (path: string, token?: string) => call('GET', path, { token }),
    post: (path: string, body?: unknown, token?: string) => call('POST', path, { body, token }),
    call,
  };
}
