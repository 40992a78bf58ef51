import { bearer, createPlatformClient, type PlatformClient } from '@platform/api-client';
import type { Client } from 'openapi-fetch';
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

/** The typed client of the gateway (@platform/api-client), as the caller with this token. */
export const client = (baseUrl: string, token?: string): PlatformClient => createPlatformClient({ baseUrl, token });

/**
 * A small HTTP client for the gateway, for any path as a string (also paths the document lacks and
 * bodies it refuses): JSON in, JSON (or problem+json, or text) out. It sends through the typed
 * client, so every request of the suites goes through openapi-fetch.
 */
export function http(baseUrl: string) {
  // Paths here are strings built by the tests, not the document's templates: the untyped surface.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any path, any body
  const untyped = createPlatformClient({ baseUrl }) as unknown as Client<any>;
  const call = async (
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {},
  ): Promise<JsonResponse> => {
    const raw = options.raw;
    // Any method: the cast only names one for the typed signature.
    const { response, data, error } = await untyped.request(method.toLowerCase() as 'get', path, {
      headers: { ...options.headers, ...bearer(options.token) },
      body: raw ?? options.body,
      ...(raw !== undefined ? { bodySerializer: () => raw } : {}),
      // Read as text and parsed here: downloads, calendars and empty answers are not JSON.
      parseAs: 'text',
    });
    // The text of a success; a failure's body openapi-fetch has already parsed when it was JSON.
    const answer: unknown = response.ok ? data : error;
    let body: unknown = answer === '' ? undefined : answer;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // not JSON
      }
    }
    return { status: response.status, headers: response.headers, body };
  };
  return {
    get: (path: string, token?: string) => call('GET', path, { token }),
    post: (path: string, body?: unknown, token?: string) => call('POST', path, { body, token }),
    call,
  };
}
