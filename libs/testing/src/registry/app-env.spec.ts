import { TEST_JWT_SECRET, TEST_SERVICE_JWT_SECRET } from '../auth/test-tokens';
import type { TestSchema } from '../db/test-schema';
import { appTestEnv, UNREACHABLE_GRPC_URL } from './app-env';

const schema: TestSchema = { schema: 't_org_0123456789', connectionString: 'postgresql://db/test', drop: async () => undefined };

describe('appTestEnv', () => {
  it('builds an app’s environment from its registry entry: any free port, its schema, the services it calls', () => {
    const env = appTestEnv('organisation', {
      schema,
      callees: { identity: '127.0.0.1:7001' },
      messaging: { env: { STREAM_NAME: 'T_x', SUBJECT_PREFIX: 'tx', NATS_URL: 'nats://n:1' } },
    });
    expect(env).toMatchObject({
      NODE_ENV: 'test',
      ORGANISATION_GRPC_PORT: '0',
      ORGANISATION_ADMIN_PORT: '0',
      DATABASE_URL: 'postgresql://db/test',
      ORGANISATION_DB_SCHEMA: 't_org_0123456789',
      IDENTITY_GRPC_URL: '127.0.0.1:7001',
      NOTIFICATIONS_GRPC_URL: UNREACHABLE_GRPC_URL,
      STREAM_NAME: 'T_x',
      JWT_SECRET: TEST_JWT_SECRET,
      SERVICE_JWT_SECRET: TEST_SERVICE_JWT_SECRET,
    });
  });

  it('gives the ports it is told, and the gateway a URL for every service', () => {
    const env = appTestEnv('gateway', { ports: { http: 8081 } });
    expect(env).toMatchObject({
      GATEWAY_PORT: '8081',
      GATEWAY_ADMIN_PORT: '0',
      IDENTITY_GRPC_URL: UNREACHABLE_GRPC_URL,
      ORGANISATION_GRPC_URL: UNREACHABLE_GRPC_URL,
    });
    expect(env['DATABASE_URL']).toBeUndefined();
    // The gateway verifies user tokens only: it never holds the service-token key.
    expect(env['JWT_SECRET']).toBe(TEST_JWT_SECRET);
    expect(env['SERVICE_JWT_SECRET']).toBeUndefined();
  });

  it('refuses a stand-in for a service the app does not call, and a missing schema', () => {
    expect(() => appTestEnv('identity', { schema, callees: { notifications: '127.0.0.1:1' } })).toThrow(/identity calls no notifications/);
    expect(() => appTestEnv('identity', {})).toThrow(/IDENTITY_DB_SCHEMA/);
  });
});
