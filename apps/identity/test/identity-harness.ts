import { type ServiceError } from '@grpc/grpc-js';
import { TokenSigner } from '@platform/auth';
import { SecretBox } from '@platform/crypto';
import { ERROR_VIOLATIONS_KEY } from '@platform/errors';
import { createClient, unary, type RunningService } from '@platform/grpc-server';
import { identityV1 } from '@platform/proto';
import { createTestMessaging, createTestSchema, startFakeOrganisationService, type FakeOrganisationService, type TestSchema } from '@platform/testing';
import { AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
import { connectNats, jetstream, jetstreamManager, MessagingNames } from '@platform/messaging';
import { createLogger } from '@platform/telemetry';
import pg from 'pg';
import { startIdentity } from '../src/main';

export const JWT_SECRET = 'integration-test-secret-0123456789abcdef';
export const ADMIN = { email: 'root@platform.test', password: 'root-password-1' };
/** The default SECRETS_KEY of the configuration (what the harness's identity seals with). */
export const SECRETS_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
/** Request and resend answer no sooner than this in the tests. */
export const RESET_FLOOR_MS = 200;

export interface IdentityHarness {
  names: MessagingNames;
  /** The next event on a logical subject published after the call, or undefined after the timeout. */
  nextEvent(logicalSubject: string, after: () => Promise<unknown>, timeoutMs?: number): Promise<Uint8Array | undefined>;
  /** Every event on a logical subject published during `during`, until none came for `idleMs`. */
  collectEvents(logicalSubject: string, during: () => Promise<unknown>, idleMs?: number): Promise<Uint8Array[]>;
  publish(logicalSubject: string, payload: Uint8Array, msgId?: string): Promise<void>;
  /** Runs SQL in the suite's schema. */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** The SecretBox identity seals event secrets with. */
  box: SecretBox;
  client: identityV1.IdentityServiceClient;
  service: RunningService;
  organisations: FakeOrganisationService;
  schema: TestSchema;
  signer: TokenSigner;
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** Starts identity in-process on its own schema, stream and subjects, with a fake organisation service. */
export async function startIdentityHarness(label: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<IdentityHarness> {
  const schema = await createTestSchema(label);
  const messaging = createTestMessaging(label);
  const organisations = await startFakeOrganisationService();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: schema.connectionString,
    IDENTITY_DB_SCHEMA: schema.schema,
    IDENTITY_GRPC_PORT: '0',
    IDENTITY_ADMIN_PORT: '0',
    ORGANISATION_GRPC_URL: organisations.address,
    BCRYPT_COST: '4',
    JWT_SECRET,
    SECRETS_KEY,
    PASSWORD_RESET_MIN_RESPONSE_MS: String(RESET_FLOOR_MS),
    PLATFORM_ADMIN_EMAIL: ADMIN.email,
    PLATFORM_ADMIN_PASSWORD: ADMIN.password,
    STREAM_NAME: messaging.names.stream,
    SUBJECT_PREFIX: messaging.names.subjectPrefix,
    ...extraEnv,
  };
  const service = await startIdentity(env);
  const nc = await connectNats({ url: process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222', name: 'identity-test', logger: createLogger('test') });
  const js = jetstream(nc);
  const jsm = await jetstreamManager(nc);
  const client = createClient(identityV1.IdentityServiceClient, `127.0.0.1:${service.grpcPort}`);
  const db = new pg.Pool({ connectionString: schema.connectionString, options: `-c search_path=${schema.schema}`, max: 2 });

  // An ephemeral consumer of one subject (the local server predates multi-filter consumers).
  const consumerOf = async (logicalSubject: string) => {
    const info = await jsm.consumers.add(messaging.names.stream, {
      filter_subject: messaging.names.subject(logicalSubject),
      deliver_policy: DeliverPolicy.New,
      ack_policy: AckPolicy.None,
      inactive_threshold: 30_000_000_000,
    });
    return js.consumers.get(messaging.names.stream, info.name);
  };

  return {
    names: messaging.names,
    async nextEvent(logicalSubject, after, timeoutMs = 3000) {
      const consumer = await consumerOf(logicalSubject);
      await after();
      const msg = await consumer.next({ expires: timeoutMs });
      await consumer.delete().catch(() => undefined);
      return msg?.data;
    },
    async collectEvents(logicalSubject, during, idleMs = 700) {
      const consumer = await consumerOf(logicalSubject);
      await during();
      const out: Uint8Array[] = [];
      for (;;) {
        const msg = await consumer.next({ expires: Math.max(idleMs, 1000) });
        if (!msg) break;
        out.push(msg.data);
      }
      await consumer.delete().catch(() => undefined);
      return out;
    },
    async publish(logicalSubject, payload, msgId) {
      await js.publish(messaging.names.subject(logicalSubject), payload, msgId ? { msgID: msgId } : undefined);
    },
    async sql<T>(text: string, params: unknown[] = []) {
      return (await db.query(text, params)).rows as T[];
    },
    box: new SecretBox(SECRETS_KEY),
    client,
    service,
    organisations,
    schema,
    signer: new TokenSigner({ secret: JWT_SECRET, issuer: 'association-platform' }),
    env,
    stop: async () => {
      client.close();
      await service.stop();
      await db.end();
      await nc.close();
      await organisations.stop();
      await messaging.cleanup();
      await schema.drop();
    },
  };
}

/** The error of a call expected to fail, or undefined when it succeeded. */
export const failure = (p: Promise<unknown>): Promise<ServiceError | undefined> =>
  p.then(
    () => undefined,
    (e: ServiceError) => e,
  );

/** The field violations a validation error carries (what the gateway renders as `errors[]`). */
export function violationsOf(err: ServiceError | undefined): { field: string; message: string }[] {
  const [raw] = err?.metadata?.get(ERROR_VIOLATIONS_KEY) ?? [];
  return raw ? (JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : raw) as { field: string; message: string }[]) : [];
}

/** Retries an assertion until it passes or the time is up (events are asynchronous). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000, everyMs = 100): Promise<T> {
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

/** The token pair of a login answer, failing the test when the login asked for an MFA code instead. */
export function tokensOf(reply: identityV1.LoginResponse): { accessToken: string; refreshToken: string } {
  if (!reply.accessToken || !reply.refreshToken) throw new Error(`expected tokens, got ${JSON.stringify(reply)}`);
  return { accessToken: reply.accessToken, refreshToken: reply.refreshToken };
}

/** Helpers bound to one harness. */
export function identityCalls(h: IdentityHarness) {
  const service = () => h.signer.signService('test');
  return {
    service,
    register: (email: string, password = 'long enough pw', firstName = 'Ann', lastName = 'Lee') =>
      unary(h.client, h.client.register, { email, password, firstName, lastName }),
    systemLogin: async (email = ADMIN.email, password = ADMIN.password, deviceId?: string) =>
      tokensOf(await unary(h.client, h.client.systemLogin, { email, password, deviceId })),
    orgLogin: (email: string, password: string, deviceId?: string) =>
      unary(h.client, h.client.orgLogin, { email, password, organizationId: '', organizationSlug: '', deviceId }),
    refresh: (refreshToken: string) => unary(h.client, h.client.refreshTokens, { refreshToken }),
    /** An ACTIVE organisation account with a password and one active membership. */
    async member(email: string, password = 'member password 1', organizationId = '6f1d2a52-0000-4000-8000-0000000000a1') {
      const account = await unary(h.client, h.client.register, { email, password, firstName: 'Mem', lastName: 'Ber' });
      h.organisations.memberships.set(account.id, [{ organizationId, organizationSlug: 'org', role: 'MEMBER', status: 'ACTIVE', joinedAt: '2026-01-01T00:00:00Z' }]);
      return { id: account.id, email: account.email, password, organizationId };
    },
  };
}
