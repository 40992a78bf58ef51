import { randomUUID } from 'node:crypto';
import { Metadata, type handleUnaryCall, type ServiceError } from '@grpc/grpc-js';
import { AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
import { TokenSigner, type OrgRole, type SystemRole } from '@platform/auth';
import { ERROR_VIOLATIONS_KEY } from '@platform/errors';
import { createClient, unary, type RunningService } from '@platform/grpc-server';
import { connectNats, jetstream, jetstreamManager, type MessagingNames } from '@platform/messaging';
import { organisationV1 } from '@platform/proto';
import { createLogger } from '@platform/telemetry';
import { createTestMessaging, createTestSchema, testNatsUrl, type TestSchema } from '@platform/testing';
import pg from 'pg';
import { startOrganisation } from '../src/main';
import { startFakeIdentityService, type FakeIdentityService } from './fake-identity-service';
import { startFakeNotificationsService, type FakeNotificationsService } from './fake-notifications-service';

export const JWT_SECRET = 'integration-test-secret-0123456789abcdef';
/** The configuration's default SECRETS_KEY (what the SMTP password is sealed with; notifications opens it with the same). */
export const SECRETS_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

type Server = organisationV1.OrganisationServiceServer;
/** The RPC names of the service (`createOrganisation`, `listMembers`, …). */
export type RpcName = keyof { [K in keyof Server as string extends K ? never : K]: Server[K] };
type RequestOf<M extends RpcName> = Server[M] extends handleUnaryCall<infer Req, infer _Res> ? Req : never;
type ResponseOf<M extends RpcName> = Server[M] extends handleUnaryCall<infer _Req, infer Res> ? Res : never;

export interface OrganisationHarness {
  /** Calls an RPC of the service with a bearer token (or none). */
  call<M extends RpcName>(method: M, request: RequestOf<M>, token?: string): Promise<ResponseOf<M>>;
  /** Calls an RPC as the gateway does for a client: with its IP address and user agent in the metadata. */
  callFrom<M extends RpcName>(client: ClientFacts, method: M, request: RequestOf<M>, token: string): Promise<ResponseOf<M>>;
  /** The error a call fails with, or undefined when it succeeds. */
  failure(promise: Promise<unknown>): Promise<ServiceError | undefined>;
  identity: FakeIdentityService;
  notifications: FakeNotificationsService;
  signer: TokenSigner;
  /** A SUPER_ADMIN (or another system role) token. */
  sysToken(role?: SystemRole): string;
  /** An organisation user's token: role in that organisation, `sub` the account id. */
  orgToken(organizationId: string, role: OrgRole, sub?: string): string;
  serviceToken(): string;
  /** Fails the create-with-owner saga before the named step (until cleared with undefined). */
  failSagaBefore(step: string | undefined): void;
  /** The next event on a logical subject published after `after` runs, or undefined after the timeout. */
  nextEvent(logicalSubject: string, after: () => Promise<unknown>, timeoutMs?: number): Promise<Uint8Array | undefined>;
  /** Every event on a logical subject published while (and because) `during` runs. */
  events(logicalSubject: string, during: () => Promise<unknown>): Promise<Uint8Array[]>;
  publish(logicalSubject: string, payload: Uint8Array): Promise<void>;
  sql<R extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<R[]>;
  /** A new organisation with an ACTIVE OWNER (create-with-owner), and tokens of that owner and of a SUPER_ADMIN. */
  newOrganisation(slug: string): Promise<NewOrganisation>;
  names: MessagingNames;
  schema: TestSchema;
  service: RunningService;
  stop(): Promise<void>;
}

/** What the gateway forwards about the HTTP client (`x-forwarded-for`, `x-client-user-agent`). */
export interface ClientFacts {
  ip: string;
  userAgent: string;
}

export interface NewOrganisation {
  org: organisationV1.Organisation;
  owner: organisationV1.User;
  ownerToken: string;
  /** Role ids by role name. */
  roles: Record<string, string>;
  /** A token of this organisation with the role (a fresh account id unless given). */
  token(role: OrgRole, sub?: string): string;
}

/** The field violations a validation error carries (what the gateway renders as `errors[]`). */
export function violationsOf(err: ServiceError | undefined): { field: string; message: string }[] {
  const [raw] = err?.metadata?.get(ERROR_VIOLATIONS_KEY) ?? [];
  return raw ? (JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : raw) as { field: string; message: string }[]) : [];
}

/** Starts the organisation service in-process on its own schema and stream, with a fake identity. */
export async function startOrganisationHarness(label: string): Promise<OrganisationHarness> {
  const signer = new TokenSigner({ secret: JWT_SECRET, issuer: 'association-platform' });
  const schema = await createTestSchema(label);
  const messaging = createTestMessaging(label);
  const identity = await startFakeIdentityService(signer);
  const notifications = await startFakeNotificationsService(signer);
  let failBefore: string | undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn',
    DATABASE_URL: schema.connectionString,
    ORGANISATION_DB_SCHEMA: schema.schema,
    ORGANISATION_GRPC_PORT: '0',
    ORGANISATION_ADMIN_PORT: '0',
    IDENTITY_GRPC_URL: identity.address,
    NOTIFICATIONS_GRPC_URL: notifications.address,
    SMTP_TEST_TIMEOUT_MS: '3000',
    SECRETS_KEY,
    // Every membership check reads the fake's current settings (the cache itself has unit tests).
    SYSTEM_SETTINGS_CACHE_MS: '0',
    JWT_SECRET,
    ...messaging.env,
  };
  const service = await startOrganisation(env, {
    sagaHooks: {
      beforeStep: (step) => {
        if (step === failBefore) throw new Error(`injected failure before ${step}`);
      },
    },
  });
  const client = createClient(organisationV1.OrganisationServiceClient, `127.0.0.1:${service.grpcPort}`);
  const nc = await connectNats({ url: testNatsUrl(), name: `${label}-test`, logger: createLogger('test') });
  const js = jetstream(nc);
  const jsm = await jetstreamManager(nc);
  const pool = new pg.Pool({ connectionString: schema.connectionString, options: `-c search_path=${schema.schema}`, max: 2 });

  const subscribe = async (logicalSubject: string) => {
    // An ephemeral consumer of one subject, from now on.
    const info = await jsm.consumers.add(messaging.names.stream, {
      filter_subject: messaging.names.subject(logicalSubject),
      deliver_policy: DeliverPolicy.New,
      ack_policy: AckPolicy.None,
      inactive_threshold: 30_000_000_000,
    });
    return js.consumers.get(messaging.names.stream, info.name);
  };

  /**
   * Waits until the relay has published every outbox row (it deletes a row once the stream has
   * its event), so events written earlier never reach a subscription made after this.
   */
  const relayed = async () => {
    for (let waited = 0; (await pool.query('SELECT 1 FROM outbox_event LIMIT 1')).rowCount !== 0; waited += 20) {
      if (waited > 5000) throw new Error('the outbox was not relayed within 5 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  const rpcOf = (method: string) => {
    const fn = (client as unknown as Record<string, (...args: unknown[]) => unknown>)[method];
    if (!fn) throw new Error(`no RPC ${method}`);
    return fn;
  };

  return {
    call: ((method: string, request: unknown, token?: string) =>
      unary(client, rpcOf(method) as never, request, { token, timeoutMs: 10_000 })) as unknown as OrganisationHarness['call'],
    callFrom: ((from: ClientFacts, method: string, request: unknown, token: string) => {
      const metadata = new Metadata();
      metadata.set('authorization', `Bearer ${token}`);
      metadata.set('x-forwarded-for', `${from.ip}, 10.0.0.1`);
      metadata.set('x-client-user-agent', from.userAgent);
      return new Promise((resolve, reject) =>
        rpcOf(method).call(client, request, metadata, { deadline: Date.now() + 10_000 }, (err: ServiceError | null, reply: unknown) => (err ? reject(err) : resolve(reply))),
      );
    }) as unknown as OrganisationHarness['callFrom'],
    failure: (promise) => promise.then(() => undefined, (err: ServiceError) => err),
    identity,
    notifications,
    signer,
    sysToken: (role = 'SUPER_ADMIN') => signer.signAccess({ sub: randomUUID(), userType: 'SYSTEM', systemRole: role, sid: randomUUID() }).token,
    orgToken: (organizationId, role, sub = randomUUID()) =>
      signer.signAccess({ sub, userType: 'ORGANIZATION', organizationId, organizationRole: role, email: `${sub}@example.org`, sid: randomUUID() }).token,
    serviceToken: () => signer.signService('identity'),
    failSagaBefore: (step) => {
      failBefore = step;
    },
    async nextEvent(logicalSubject, after, timeoutMs = 3000) {
      await relayed();
      const consumer = await subscribe(logicalSubject);
      await after();
      const msg = await consumer.next({ expires: timeoutMs });
      await consumer.delete().catch(() => undefined);
      return msg?.data;
    },
    async events(logicalSubject, during) {
      await relayed();
      const consumer = await subscribe(logicalSubject);
      await during();
      await relayed();
      const pending = (await consumer.info()).num_pending;
      const out: Uint8Array[] = [];
      if (pending > 0) {
        for await (const msg of await consumer.fetch({ max_messages: pending, expires: 3000 })) out.push(msg.data);
      }
      await consumer.delete().catch(() => undefined);
      return out;
    },
    async publish(logicalSubject, payload) {
      await js.publish(messaging.names.subject(logicalSubject), payload);
    },
    sql: async (text, values) => (await pool.query(text, values)).rows,
    async newOrganisation(slug) {
      const sys = signer.signAccess({ sub: randomUUID(), userType: 'SYSTEM', systemRole: 'SUPER_ADMIN', sid: randomUUID() }).token;
      const created = await unary(
        client,
        client.createOrganisationWithOwner,
        { orgName: `Org ${slug}`, orgSlug: slug, ownerEmail: `owner@${slug}.org`, ownerFirstName: 'Olive', ownerLastName: 'Owner', sendWelcomeEmail: false },
        { token: sys },
      );
      const org = created.organization!;
      const owner = created.owner!;
      const { roles } = await unary(client, client.listOrganisationRoles, { id: org.id }, { token: sys });
      const token = (role: OrgRole, sub: string = randomUUID()) =>
        signer.signAccess({ sub, userType: 'ORGANIZATION', organizationId: org.id, organizationRole: role, email: `${sub}@example.org`, sid: randomUUID() }).token;
      return { org, owner, ownerToken: token('OWNER', owner.id), roles: Object.fromEntries(roles.map((r) => [r.name, r.roleId])), token };
    },
    names: messaging.names,
    schema,
    service,
    stop: async () => {
      client.close();
      await service.stop();
      await nc.close();
      await pool.end();
      await identity.stop();
      await notifications.stop();
      await messaging.cleanup();
      await schema.drop();
    },
  };
}
