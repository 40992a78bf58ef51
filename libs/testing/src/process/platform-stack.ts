import { randomBytes } from 'node:crypto';
import { connectNats, jetstreamManager } from '@platform/messaging';
import { createLogger } from '@platform/telemetry';
import { createTestSchema } from '../db/test-schema';
import { startFakeOrganisationService, type FakeOrganisationService } from '../grpc/fake-organisation-service';
import { freePort, startApp, type AppProcess } from './app-process';

export const STACK_ADMIN = { email: 'stack-admin@platform.test', password: 'stack admin password' };
export const STACK_JWT_SECRET = 'stack-test-secret-0123456789abcdefghijkl';

export interface PlatformStack {
  /** `http://127.0.0.1:<port>` of the gateway. */
  baseUrl: string;
  identityGrpcUrl: string;
  organisations: FakeOrganisationService;
  /** `http://127.0.0.1:<port>` of the mail catcher's API, when notifications run. */
  mailUrl?: string;
  /** The mail catcher's SMTP port (the platform's SMTP server), when notifications run. */
  smtpPort?: number;
  /** The stack's own JetStream stream and subject prefix, to read the events it publishes. */
  streamName: string;
  subjectPrefix: string;
  stop(): Promise<void>;
}

export interface PlatformStackOptions {
  bcryptCost?: number;
  env?: NodeJS.ProcessEnv;
  /** `real` starts the built organisation service; `fake` (default) serves its lookup from the test. */
  organisation?: 'fake' | 'real';
  /** Also start the built notifications service and the mail catcher (needs `organisation: 'real'`). */
  notifications?: boolean;
}

/**
 * Starts the built identity service and gateway as processes (what an image runs), on their own
 * database schema, JetStream stream and subjects, and Redis key prefix. The organisation service is
 * either the built one (`organisation: 'real'`) or a real gRPC server in the test standing in for it.
 */
export async function startPlatformStack(label: string, options: PlatformStackOptions = {}): Promise<PlatformStack> {
  const id = randomBytes(4).toString('hex');
  const schema = await createTestSchema(`stack_${label}`);
  const realOrganisation = options.organisation === 'real';
  const orgSchema = realOrganisation ? await createTestSchema(`stack_org_${label}`) : undefined;
  const organisations = await startFakeOrganisationService();
  const withNotifications = realOrganisation && options.notifications === true;
  const notificationsSchema = withNotifications ? await createTestSchema(`stack_ntf_${label}`) : undefined;
  const [grpcPort, adminPort, gatewayPort, gatewayAdminPort, orgPort, orgAdminPort, ntfPort, ntfAdminPort, smtpPort, mailPort] = await Promise.all(
    Array.from({ length: 10 }, () => freePort()),
  );
  const organisationUrl = realOrganisation ? `127.0.0.1:${orgPort}` : organisations.address;
  const notificationsUrl = `127.0.0.1:${ntfPort}`;
  const stream = `STACK_${id}`;
  const common: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    DATABASE_URL: schema.connectionString,
    JWT_SECRET: STACK_JWT_SECRET,
    STREAM_NAME: stream,
    SUBJECT_PREFIX: `s${id}`,
    ...options.env,
  };
  const apps: AppProcess[] = [];
  const cleanup = async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await organisations.stop();
    await schema.drop();
    await orgSchema?.drop();
    await notificationsSchema?.drop();
    const nc = await connectNats({ url: process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222', name: 'stack-cleanup', logger: createLogger('stack') });
    await (await jetstreamManager(nc)).streams.delete(stream).catch(() => undefined);
    await nc.close();
  };
  try {
    apps.push(
      await startApp(
        'identity',
        {
          ...common,
          IDENTITY_DB_SCHEMA: schema.schema,
          IDENTITY_GRPC_PORT: String(grpcPort),
          IDENTITY_ADMIN_PORT: String(adminPort),
          ORGANISATION_GRPC_URL: organisationUrl,
          BCRYPT_COST: String(options.bcryptCost ?? 4),
          PLATFORM_ADMIN_EMAIL: STACK_ADMIN.email,
          PLATFORM_ADMIN_PASSWORD: STACK_ADMIN.password,
        },
        `http://127.0.0.1:${adminPort}/readyz`,
      ),
    );
    if (notificationsSchema) {
      apps.push(
        await startApp(
          'mail-catcher',
          { MAIL_CATCHER_SMTP_PORT: String(smtpPort), MAIL_CATCHER_HTTP_PORT: String(mailPort) },
          `http://127.0.0.1:${mailPort}/readyz`,
        ),
      );
      apps.push(
        await startApp(
          'notifications',
          {
            ...common,
            NOTIFICATIONS_DB_SCHEMA: notificationsSchema.schema,
            NOTIFICATIONS_GRPC_PORT: String(ntfPort),
            NOTIFICATIONS_ADMIN_PORT: String(ntfAdminPort),
            ORGANISATION_GRPC_URL: organisationUrl,
            SMTP_HOST: '127.0.0.1',
            SMTP_PORT: String(smtpPort),
            EMAIL_POLL_MS: '100',
          },
          `http://127.0.0.1:${ntfAdminPort}/readyz`,
        ),
      );
    }
    if (orgSchema) {
      apps.push(
        await startApp(
          'organisation',
          {
            ...common,
            ORGANISATION_DB_SCHEMA: orgSchema.schema,
            ORGANISATION_GRPC_PORT: String(orgPort),
            ORGANISATION_ADMIN_PORT: String(orgAdminPort),
            IDENTITY_GRPC_URL: `127.0.0.1:${grpcPort}`,
            NOTIFICATIONS_GRPC_URL: notificationsUrl,
          },
          `http://127.0.0.1:${orgAdminPort}/readyz`,
        ),
      );
    }
    apps.push(
      await startApp(
        'gateway',
        {
          ...common,
          GATEWAY_PORT: String(gatewayPort),
          GATEWAY_ADMIN_PORT: String(gatewayAdminPort),
          IDENTITY_GRPC_URL: `127.0.0.1:${grpcPort}`,
          ORGANISATION_GRPC_URL: organisationUrl,
          NOTIFICATIONS_GRPC_URL: notificationsUrl,
          REDIS_KEY_PREFIX: `stack:${id}:`,
        },
        `http://127.0.0.1:${gatewayAdminPort}/readyz`,
      ),
    );
  } catch (err) {
    await cleanup();
    throw err;
  }
  return {
    baseUrl: `http://127.0.0.1:${gatewayPort}`,
    identityGrpcUrl: `127.0.0.1:${grpcPort}`,
    organisations,
    mailUrl: withNotifications ? `http://127.0.0.1:${mailPort}` : undefined,
    smtpPort: withNotifications ? smtpPort : undefined,
    streamName: stream,
    subjectPrefix: `s${id}`,
    stop: cleanup,
  };
}
