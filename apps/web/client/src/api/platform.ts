import { createPlatformClient, type PlatformClient } from '@platform/api-client';
import { SessionStore, type TokenPair } from '../session/session-store';
import { sessionFetch } from './session-fetch';

const origin = window.location.origin;

/** The refresh call itself, without the session's fetch (a refresh must not wait on a refresh). */
const plain = createPlatformClient({ baseUrl: origin });

async function exchange(refreshToken: string): Promise<TokenPair | undefined> {
  const { data, response } = await plain.POST('/api/auth/tokens/refresh', { body: { refreshToken } });
  if (data?.accessToken && data.refreshToken) return { accessToken: data.accessToken, refreshToken: data.refreshToken };
  // 401/403: the refresh token is spent or revoked; anything else (5xx, offline) is not a sign-out.
  if (response.status === 401 || response.status === 403 || response.status === 400) return undefined;
  throw new Error(`refresh answered ${response.status}`);
}

/** The signed-in session of this browser tab (and its siblings: the refresh token is in localStorage). */
export const sessionStore = new SessionStore(window.localStorage, exchange);

/**
 * The platform's API as the signed-in person, typed from the OpenAPI document
 * (`@platform/api-client`): every screen calls it, never `fetch` by hand.
 */
export const api: PlatformClient = createPlatformClient({ baseUrl: origin, fetch: sessionFetch(sessionStore) });
