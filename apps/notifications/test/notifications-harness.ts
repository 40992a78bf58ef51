import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServiceError } from '@grpc/grpc-js';
import { TokenSigner, type OrgRole, type SystemRole } from '@platform/auth';
import { SecretBox } from '@platform/crypto';
import { ERROR_VIOLATIONS_KEY } from '@platform/errors';
import { createClient, type RunningService } from '@platform/grpc-server';
import { connectNats, jetstream, MessagingNames, type NatsConnection } from '@platform/messaging';
import { organisationEventsV1 } from '@platform/proto';
import { createTestMessaging, createTestSchema, type TestSchema } from '@platform/testing';
import { createLogger } from '@platform/telemetry';
import pg from 'pg';
import { startNotifications } from '../src/main';
import { notificationsV1 } from '@platform/proto';
import { startFakeFcm, type FakeFcm } from './support/fake-fcm';
import { startFakeOrganisationDelivery, type FakeOrganisationDelivery } from './support/fake-organisation';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';

export const JWT_SECRET = 'integration-test-secret-0123456789abcdef';
/** The configuration's default SECRETS_KEY (identity seals event secrets with the same key). */
export const SECRETS_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
export const APP_URL = 'https://app.test';

export interface HarnessOptions {
  /** Start a fake FCM and give the service credentials for it (default: no push credentials). */
  push?: boolean;
  /** Sets up the fake organisation service before notifications starts (its membership snapshot, an outage). */
  organisation?: (organisation: FakeOrganisationDelivery) => void;
  env?: NodeJS.ProcessEnv;
}

export interface NotificationsHarness {
  client: notificationsV1.NotificationsServiceClient;
  smtp: SmtpSink;
  fcm?: FakeFcm;
  organisation: FakeOrganisationDelivery;
  names: MessagingNames;
  /** Connection settings of the service's schema (for a second instance on the same database). */
  env: NodeJS.ProcessEnv;
  box: SecretBox;
  signer: TokenSigner;
  schema: TestSchema;
  service: RunningService;
  publish(logicalSubject: string, payload: Uint8Array, msgId?: string): Promise<void>;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/** Starts notifications in-process on its own schema, stream and subjects, with a real SMTP server, a fake organisation service and (optionally) a fake FCM. */
export async function startNotificationsHarness(label: string, options: HarnessOptions = {}): Promise<NotificationsHarness> {
  const schema = await createTestSchema(label);
  const messaging = createTestMessaging(label);
  const smtp = await startSmtpSink();
  const organisation = await startFakeOrganisationDelivery();
  options.organisation?.(organisation);
  const fcm = options.push ? await startFakeFcm() : undefined;
  // firebase-admin sends the token exchange through its agent only for a key file.
  const keyDir = fcm ? await mkdtemp(path.join(tmpdir(), 'fcm-key-')) : undefined;
  const keyFile = keyDir ? path.join(keyDir, 'service-account.json') : undefined;
  if (fcm && keyFile) await writeFile(keyFile, fcm.serviceAccountJson, { mode: 0o600 });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: schema.connectionString,
    NOTIFICATIONS_DB_SCHEMA: schema.schema,
    NOTIFICATIONS_GRPC_PORT: '0',
    NOTIFICATIONS_ADMIN_PORT: '0',
    ORGANISATION_GRPC_URL: organisation.address,
    JWT_SECRET,
    SECRETS_KEY,
    PUBLIC_APP_URL: APP_URL,
    PLATFORM_NAME: 'Test Platform',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_FROM: 'Test Platform <no-reply@platform.test>',
    SMTP_TIMEOUT_MS: '3000',
    EMAIL_MAX_ATTEMPTS: '4',
    EMAIL_RETRY_BASE_MS: '50',
    EMAIL_RETRY_MAX_MS: '200',
    EMAIL_POLL_MS: '50',
    PUSH_POLL_MS: '50',
    PUSH_RETRY_BASE_MS: '50',
    PUSH_RETRY_MAX_MS: '200',
    PUSH_MAX_ATTEMPTS: '3',
    FIREBASE_SERVICE_ACCOUNT_JSON: '',
    GOOGLE_APPLICATION_CREDENTIALS: keyFile ?? '',
    FIREBASE_TEST_ENDPOINT: fcm?.address ?? '',
    MEMBERSHIP_BACKFILL_RETRY_BASE_MS: '20',
    MEMBERSHIP_BACKFILL_RETRY_MAX_MS: '100',
    STREAM_NAME: messaging.names.stream,
    SUBJECT_PREFIX: messaging.names.subjectPrefix,
    ...options.env,
  };
  const service = await startNotifications(env);
  const nc: NatsConnection = await connectNats({ url: process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222', name: 'notifications-test', logger: createLogger('test') });
  const js = jetstream(nc);
  const client = createClient(notificationsV1.NotificationsServiceClient, `127.0.0.1:${service.grpcPort}`);
  const db = new pg.Pool({ connectionString: schema.connectionString, options: `-c search_path=${schema.schema}`, max: 2 });
  return {
    client,
    smtp,
    fcm,
    organisation,
    names: messaging.names,
    env,
    box: new SecretBox(SECRETS_KEY),
    signer: new TokenSigner({ secret: JWT_SECRET, issuer: 'association-platform' }),
    schema,
    service,
    async publish(logicalSubject, payload, msgId) {
      await js.publish(messaging.names.subject(logicalSubject), payload, { msgID: msgId ?? randomUUID() });
    },
    async sql<T>(text: string, params: unknown[] = []) {
      return (await db.query(text, params)).rows as T[];
    },
    stop: async () => {
      client.close();
      await service.stop();
      await db.end();
      await nc.close();
      await smtp.stop();
      await organisation.stop();
      await fcm?.stop();
      if (keyDir) await rm(keyDir, { recursive: true, force: true });
      await messaging.cleanup();
      await schema.drop();
    },
  };
}

/** Access tokens as identity would issue them. */
export function tokensFor(h: Pick<NotificationsHarness, 'signer'>) {
  return {
    org(organizationId: string, role: OrgRole, sub: string = randomUUID()) {
      return { sub, token: h.signer.signAccess({ sub, userType: 'ORGANIZATION', email: `${sub.slice(0, 8)}@member.test`, organizationId, organizationRole: role, sid: randomUUID() }).token };
    },
    system(role: SystemRole = 'SUPER_ADMIN', sub: string = randomUUID()) {
      return { sub, token: h.signer.signAccess({ sub, userType: 'SYSTEM', systemRole: role, sid: randomUUID() }).token };
    },
  };
}

/** Publishes organisation.membership.changed as the organisation service does. */
export function membershipChanged(accountId: string, organizationId: string, role: string, status: string, occurredAt = new Date()): Uint8Array {
  return organisationEventsV1.MembershipChanged.encode({ accountId, organizationId, role, status, previousStatus: '', previousRole: '', occurredAt: occurredAt.toISOString() }).finish();
}

/** The error of a call expected to fail, or undefined when it succeeded. */
export const failure = (p: Promise<unknown>): Promise<ServiceError | undefined> =>
  p.then(
    () => undefined,
    (e: ServiceError) => e,
  );

export function violationsOf(err: ServiceError | undefined): { field: string; message: string }[] {
  const [raw] = err?.metadata?.get(ERROR_VIOLATIONS_KEY) ?? [];
  return raw ? (JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : raw) as { field: string; message: string }[]) : [];
}

/** Retries an assertion until it passes or the time is up (events and jobs are asynchronous). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 8000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}
