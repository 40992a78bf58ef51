import { problemMessage } from '../../api/problem-message';
import { sessionStore } from '../../api/platform';
import { CallFailed } from '../settings/kit/call';

/**
 * The one upload that does not go through the typed client: a document sent with XMLHttpRequest so
 * that the bytes sent can be shown (fetch reports no upload progress). The file is streamed as
 * multipart (the browser reads it from disk as it sends), with the session's bearer token
 * (refreshed first when it is about to run out) and the device id, like every other call.
 */
export async function uploadWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  if (sessionStore.session && sessionStore.expiresSoon()) await sessionStore.refresh();
  const send = () =>
    new Promise<{ status: number; body: unknown; headers: Headers }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      const token = sessionStore.session?.accessToken;
      if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.setRequestHeader('x-device-id', sessionStore.deviceId());
      xhr.responseType = 'text';
      xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
      xhr.onload = () => {
        let body: unknown;
        try {
          body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
        } catch {
          body = undefined;
        }
        const headers = new Headers();
        const id = xhr.getResponseHeader('x-request-id');
        if (id) headers.set('x-request-id', id);
        const retry = xhr.getResponseHeader('retry-after');
        if (retry) headers.set('retry-after', retry);
        resolve({ status: xhr.status, body, headers });
      };
      xhr.onerror = () => reject(new CallFailed(problemMessage(undefined, undefined)));
      xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  let answer = await send();
  // A token revoked or expired meanwhile: one refresh and one retry, as the typed client does.
  if (answer.status === 401 && (await sessionStore.refresh())) answer = await send();
  if (answer.status >= 200 && answer.status < 300) return answer.body as T;
  throw new CallFailed(problemMessage(answer.body, new Response(null, { status: answer.status, headers: answer.headers })));
}
