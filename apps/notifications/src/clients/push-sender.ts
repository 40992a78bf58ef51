import { randomUUID } from 'node:crypto';
import https from 'node:https';
import net from 'node:net';
import type { App, ServiceAccount } from 'firebase-admin/app';
import type { Messaging } from 'firebase-admin/messaging';

export interface PushContent {
  title: string;
  body: string;
  data: Record<string, string>;
}

/** The provider's answer for each token of a batch, in the batch's order. */
export type PushResult = { ok: true } | { ok: false; code?: string; message: string };

/** Sends one notification to at most 500 device tokens. */
export interface PushSender {
  /** False when the platform has no push credentials: nothing is sent. */
  readonly enabled: boolean;
  sendBatch(tokens: string[], content: PushContent): Promise<PushResult[]>;
  close(): Promise<void>;
}

export const DISABLED_PUSH: PushSender = {
  enabled: false,
  sendBatch: () => Promise.reject(new Error('push is not configured')),
  close: async () => undefined,
};

export interface FirebaseOptions {
  /** A service-account key (parsed JSON) or the path of its file. */
  credential: ServiceAccount | string;
  /**
   * Routes firebase-admin's HTTP traffic (token exchange and FCM) through this agent; used with the
   * HTTP/1.1 transport, which honours it (the HTTP/2 transport does not).
   */
  httpAgent?: https.Agent;
}

/**
 * FCM through firebase-admin (HTTP v1 API, `sendEachForMulticast`), with its own app instance.
 * firebase-admin (with google-auth-library and the rest it brings: some 20 MB of RSS) is loaded here,
 * so a service without push credentials never loads it; with credentials, a bad key still fails at start.
 */
export function firebasePushSender(options: FirebaseOptions): PushSender {
  const { cert, deleteApp, initializeApp } = require('firebase-admin/app') as typeof import('firebase-admin/app');
  const { getMessaging } = require('firebase-admin/messaging') as typeof import('firebase-admin/messaging');
  const app: App = initializeApp({ credential: cert(options.credential, options.httpAgent), httpAgent: options.httpAgent }, `notifications-${randomUUID()}`);
  const messaging: Messaging = getMessaging(app);
  if (options.httpAgent) messaging.enableLegacyHttpTransport();
  return {
    enabled: true,
    async sendBatch(tokens, content) {
      const reply = await messaging.sendEachForMulticast({
        tokens,
        notification: { title: content.title, body: content.body },
        data: content.data,
      });
      return reply.responses.map((r) => (r.success ? { ok: true } : { ok: false, code: r.error?.code, message: r.error?.message ?? 'unknown error' }));
    },
    close: () => deleteApp(app),
  };
}

/**
 * An agent that sends every request of firebase-admin, whatever its https:// host, in plain HTTP/1.1
 * to `host:port`: the way tests and development reach a local fake of FCM and of Google's token
 * endpoint with the real client code.
 */
export function redirectingAgent(address: string): https.Agent {
  const [host = '127.0.0.1', port = ''] = address.split(':');
  const agent = new https.Agent({ keepAlive: true, maxSockets: 64 });
  (agent as unknown as { createConnection: () => net.Socket }).createConnection = () => net.connect({ host, port: Number(port) });
  return agent;
}

/** The credential the settings name: inline service-account JSON wins over a key file path; none: undefined. */
export function credentialFrom(json: string, path: string): ServiceAccount | string | undefined {
  if (json.trim()) {
    let parsed: Record<string, string>;
    try {
      parsed = JSON.parse(json) as Record<string, string>;
    } catch {
      throw new Error('FIREBASE_SERVICE_ACCOUNT_JSON is not JSON');
    }
    return {
      projectId: parsed['project_id'] ?? parsed['projectId'],
      clientEmail: parsed['client_email'] ?? parsed['clientEmail'],
      privateKey: parsed['private_key'] ?? parsed['privateKey'],
    };
  }
  return path.trim() ? path.trim() : undefined;
}

/** The push sender the configuration asks for: FCM with credentials, else none (push skipped, logged). */
export function pushSenderFromSettings(settings: { serviceAccountJson: string; credentialsPath: string; testEndpoint: string }): PushSender {
  const credential = credentialFrom(settings.serviceAccountJson, settings.credentialsPath);
  if (!credential) return DISABLED_PUSH;
  return firebasePushSender({ credential, httpAgent: settings.testEndpoint ? redirectingAgent(settings.testEndpoint) : undefined });
}
