import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FcmRequest {
  /** The Host header the client sent: what firebase-admin believed it was talking to. */
  host: string;
  token: string;
  title: string;
  body: string;
  data: Record<string, string>;
}

/**
 * A local stand-in for Google's OAuth token endpoint and the FCM HTTP v1 API
 * (`POST /v1/projects/{project}/messages:send`), reached by firebase-admin itself through an agent
 * that dials 127.0.0.1. Tokens listed as unregistered answer 404 UNREGISTERED (firebase-admin:
 * messaging/registration-token-not-registered); `failAll` answers 500 INTERNAL to every send
 * (firebase-admin retries 503s itself for seconds, which a test need not wait for).
 */
export interface FakeFcm {
  /** `127.0.0.1:<port>` for FIREBASE_TEST_ENDPOINT. */
  address: string;
  /** A service account JSON with a freshly generated RSA key (FIREBASE_SERVICE_ACCOUNT_JSON). */
  serviceAccountJson: string;
  projectId: string;
  sends: FcmRequest[];
  tokenExchanges: number;
  unregistered: Set<string>;
  failAll: boolean;
  /** Each send answers after this long (a slow provider). */
  delayMs: number;
  reset(): void;
  stop(): Promise<void>;
}

export async function startFakeFcm(projectId = 'test-project'): Promise<FakeFcm> {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const state = {
    sends: [] as FcmRequest[],
    tokenExchanges: 0,
    unregistered: new Set<string>(),
    failAll: false,
    delayMs: 0,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      const url = req.url ?? '';
      if (req.method === 'POST' && /\/token$/.test(url)) {
        state.tokenExchanges++;
        return json(200, { access_token: 'fake-access-token', expires_in: 3600, token_type: 'Bearer' });
      }
      const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(url);
      if (req.method === 'POST' && send) {
        if (req.headers.authorization !== 'Bearer fake-access-token')
          return json(401, { error: { code: 401, message: 'no token', status: 'UNAUTHENTICATED' } });
        if (state.failAll) return json(500, { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } });
        const message = (JSON.parse(body) as { message: { token: string; notification?: { title?: string; body?: string }; data?: Record<string, string> } })
          .message;
        state.sends.push({
          host: String(req.headers.host ?? ''),
          token: message.token,
          title: message.notification?.title ?? '',
          body: message.notification?.body ?? '',
          data: message.data ?? {},
        });
        if (state.unregistered.has(message.token)) {
          return json(404, {
            error: {
              code: 404,
              message: 'Requested entity was not found.',
              status: 'NOT_FOUND',
              details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
            },
          });
        }
        const name = `projects/${send[1]}/messages/${state.sends.length}`;
        if (state.delayMs > 0) return void setTimeout(() => json(200, { name }), state.delayMs);
        return json(200, { name });
      }
      json(404, { error: { code: 404, message: `no route ${req.method} ${url}`, status: 'NOT_FOUND' } });
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    address: `127.0.0.1:${port}`,
    serviceAccountJson: JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      private_key_id: 'test-key',
      private_key: privateKey,
      client_email: `push@${projectId}.iam.gserviceaccount.com`,
      client_id: '1',
      token_uri: 'https://oauth2.googleapis.com/token',
    }),
    projectId,
    get sends() {
      return state.sends;
    },
    get tokenExchanges() {
      return state.tokenExchanges;
    },
    get unregistered() {
      return state.unregistered;
    },
    get failAll() {
      return state.failAll;
    },
    set failAll(value: boolean) {
      state.failAll = value;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    reset: () => {
      state.sends = [];
      state.unregistered.clear();
      state.failAll = false;
      state.delayMs = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
