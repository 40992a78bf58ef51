import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './generated/schema';

/** The platform's REST API, typed from its OpenAPI document: `client.GET('/api/orgs/{id}', { params: { path: { id } } })`. */
export type PlatformClient = Client<paths>;

/** A message of the document by its full proto name: `Schema<'platform.identity.v1.LoginResponse'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export interface PlatformClientOptions {
  /** Where the gateway answers, e.g. `http://127.0.0.1:8080` (the document's paths start with `/api`). */
  baseUrl: string;
  /** An access token sent as `Authorization: Bearer …` with every request. */
  token?: string;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** The fetch to send with (default: the global one), e.g. one that records or times out. */
  fetch?: (request: Request) => Promise<Response>;
}

/** `Authorization: Bearer <token>` as request headers, or none without a token: `client.GET(path, { headers: bearer(token) })`. */
export const bearer = (token: string | undefined): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/**
 * A typed client of the platform (openapi-fetch): every call answers `{ data, error, response }`,
 * `error` being the problem+json body (`ProblemDetails`) of a failure; `unwrap` turns a failure
 * into an exception.
 */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { ...options.headers, ...bearer(options.token) },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
