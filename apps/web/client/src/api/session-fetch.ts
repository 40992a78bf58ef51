import type { SessionStore } from '../session/session-store';

/** Paths whose 401 means "wrong credentials", never "token expired": no refresh, no retry. */
const CREDENTIAL_PATHS = /^\/api\/auth\/(org\/login|system\/login|mfa\/verify|tokens\/refresh|refresh|password-reset\/)/;

/**
 * The fetch every typed call goes through: the signed-in person's bearer token and this browser's
 * device id on each request, a refresh before a token that is about to run out is used, and one
 * refresh and retry on a 401 (a token revoked or expired meanwhile). A refresh that fails signs the
 * person out, and the app shows the sign-in page.
 */
export function sessionFetch(store: SessionStore, send: typeof fetch = (input, init) => fetch(input, init)) {
  return async (request: Request): Promise<Response> => {
    const credentials = CREDENTIAL_PATHS.test(new URL(request.url).pathname);
    if (!credentials && store.session && store.expiresSoon()) await store.refresh();
    const retry = credentials || !store.session ? undefined : request.clone();
    const response = await send(withHeaders(request, store));
    if (response.status !== 401 || !retry) return response;
    if (!(await store.refresh())) return response;
    return send(withHeaders(retry, store));
  };
}

function withHeaders(request: Request, store: SessionStore): Request {
  const headers = new Headers(request.headers);
  const token = store.session?.accessToken;
  if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  headers.set('x-device-id', store.deviceId());
  return new Request(request, { headers });
}
