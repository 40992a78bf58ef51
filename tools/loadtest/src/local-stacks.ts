import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  createTestMessaging,
  createTestSchema,
  freePort,
  startApp,
  startPlatformStack,
  STACK_ADMIN,
  STACK_JWT_SECRET,
  workspaceRoot,
  type AppProcess,
  type TestSchema,
} from '@platform/testing';
import type { SetupHooks } from './setup';

/** A stack on this machine to run the scenarios against. */
export interface LocalStack {
  baseUrl: string;
  admin: { email: string; password: string };
  hooks: SetupHooks;
  /** For the report: what runs. */
  description: string;
  stop(): Promise<void>;
}

/**
 * `startPlatformStack`: the built identity service and gateway, with a stand-in organisation service
 * that answers only the membership lookup. The setup makes members through the stand-in's table;
 * organisation routes answer 501.
 */
export async function platformStack(bcryptCost: number): Promise<LocalStack> {
  const stack = await startPlatformStack('loadtest', { bcryptCost });
  const organisationId = randomUUID();
  return {
    baseUrl: stack.baseUrl,
    admin: STACK_ADMIN,
    description:
      'the built identity service and gateway as processes (`startPlatformStack`), with a stand-in organisation service that answers only the membership lookup (organisation routes answer 501)',
    hooks: {
      organisation: {
        id: organisationId,
        attach: (account, role) =>
          void stack.organisations.memberships.set(account.id, [
            { organizationId: organisationId, organizationSlug: 'loadtest', role, status: 'ACTIVE', joinedAt: new Date().toISOString() },
          ]),
      },
    },
    stop: () => stack.stop(),
  };
}

/**
 * The built identity, organisation and gateway as processes, each service on a schema of its own,
 * on a stream, subjects and Redis prefix of their own: the setup goes through the real API.
 */
export async function stackWithOrganisation(bcryptCost: number): Promise<LocalStack> {
  const missing = ['identity', 'organisation', 'gateway'].filter((app) => !existsSync(path.join(workspaceRoot(), 'dist/apps', app, 'main.js')));
  if (missing.length > 0) throw new Error(`build ${missing.join(', ')} first: npx nx run-many -t build --projects=identity,organisation,gateway`);
  const messaging = createTestMessaging('loadtest');
  const schemas: TestSchema[] = [await createTestSchema('loadtest_identity'), await createTestSchema('loadtest_organisation')];
  const [identitySchema, organisationSchema] = schemas as [TestSchema, TestSchema];
  const [identityGrpc, identityAdmin, organisationGrpc, organisationAdmin, gatewayPort, gatewayAdmin] = await Promise.all(Array.from({ length: 6 }, () => freePort()));
  const common: NodeJS.ProcessEnv = { NODE_ENV: 'test', DATABASE_URL: identitySchema.connectionString, JWT_SECRET: STACK_JWT_SECRET, ...messaging.env };
  const apps: AppProcess[] = [];
  const stop = async () => {
    for (const app of apps.reverse()) await app.stop();
    for (const schema of schemas) await schema.drop();
    await messaging.cleanup();
  };
  try {
    apps.push(
      await startApp(
        'identity',
        {
          ...common,
          IDENTITY_DB_SCHEMA: identitySchema.schema,
          IDENTITY_GRPC_PORT: String(identityGrpc),
          IDENTITY_ADMIN_PORT: String(identityAdmin),
          ORGANISATION_GRPC_URL: `127.0.0.1:${organisationGrpc}`,
          BCRYPT_COST: String(bcryptCost),
          PLATFORM_ADMIN_EMAIL: STACK_ADMIN.email,
          PLATFORM_ADMIN_PASSWORD: STACK_ADMIN.password,
        },
        `http://127.0.0.1:${identityAdmin}/readyz`,
      ),
    );
    apps.push(
      await startApp(
        'organisation',
        {
          ...common,
          ORGANISATION_DB_SCHEMA: organisationSchema.schema,
          ORGANISATION_GRPC_PORT: String(organisationGrpc),
          ORGANISATION_ADMIN_PORT: String(organisationAdmin),
          IDENTITY_GRPC_URL: `127.0.0.1:${identityGrpc}`,
        },
        `http://127.0.0.1:${organisationAdmin}/readyz`,
      ),
    );
    apps.push(
      await startApp(
        'gateway',
        {
          ...common,
          GATEWAY_PORT: String(gatewayPort),
          GATEWAY_ADMIN_PORT: String(gatewayAdmin),
          IDENTITY_GRPC_URL: `127.0.0.1:${identityGrpc}`,
          ORGANISATION_GRPC_URL: `127.0.0.1:${organisationGrpc}`,
          REDIS_KEY_PREFIX: `${messaging.env.SUBJECT_PREFIX}:`,
        },
        `http://127.0.0.1:${gatewayAdmin}/readyz`,
      ),
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    baseUrl: `http://127.0.0.1:${gatewayPort}`,
    admin: STACK_ADMIN,
    description: 'the built identity service, organisation service and gateway as processes, each service on a schema of its own',
    hooks: {},
    stop,
  };
}
