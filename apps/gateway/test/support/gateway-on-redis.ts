import { randomBytes, randomUUID } from 'node:crypto';
import { type ServiceDefinition, loadPackageDefinition } from '@grpc/grpc-js';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { identityEventsV1 } from '@platform/proto';
import { appTestEnv, createTestMessaging, fakeGrpcService, testLogger, testSigner, type FakeGrpcService } from '@platform/testing';
import { readGatewayConfig } from '../../src/config';
import { type Gateway, createGateway } from '../../src/gateway';
import { fixtureProtos } from './fixture-protos';
import { type IdentityStandIn, type StandInAccount, startIdentityStandIn } from './identity-stand-in';

export interface GatewayOnRedis {
  gateway: Gateway;
  /** The gateway's REDIS_KEY_PREFIX, this run's own. */
  prefix: string;
  /** A new ACTIVE account of the stand-in identity (password `correct horse battery`). */
  account(): StandInAccount;
  login(email: string, password: string): Promise<Response>;
  /** An organisation member's access token for this session (a fresh one unless given) and account. */
  token(sessionId?: string, accountId?: string): string;
  /** An authenticated route: 200, or 401 for a revoked session. */
  member(token: string): Promise<Response>;
  /** A registration from the address (X-Forwarded-For): the `registration` abuse limit, 3 an hour here. */
  register(ip: string): Promise<Response>;
  /** Publishes identity.session.revoked for the session, as identity does; the gateway's consumer records it. */
  revoke(accountId: string, sessionId: string): Promise<void>;
  /** The admin port's /readyz status. */
  ready(): Promise<number>;
  stop(): Promise<void>;
}

const ORG = randomUUID();

/**
 * A real gateway, in process, on a Redis given by its variables (`env` of `startRedisSentinel` or
 * `startRedisCluster`): a stand-in identity that signs real tokens, the fixture service behind an
 * authenticated route, the suite's own stream on the local NATS. What the tests of each Redis
 * topology drive: sign-in (the login lockout), an authenticated route (the session denylist and
 * its mirror), registrations (an abuse limit).
 */
export async function startGatewayOnRedis(label: string, redisEnv: Record<string, string>, prefix = redisPrefix(label)): Promise<GatewayOnRedis> {
  const signer = testSigner();
  const messaging = createTestMessaging(label);
  const parts: { stop(): Promise<unknown> }[] = [];
  const stop = async () => {
    for (const part of parts.reverse()) await part.stop();
    await messaging.cleanup();
  };
  const revoke = async (accountId: string, sessionId: string) => {
    const nc = await connect({ servers: messaging.env.NATS_URL });
    try {
      const revokedAt = String(Math.floor(Date.now() / 1000));
      const payload = identityEventsV1.SessionRevoked.encode({ accountId, sessionId, reason: 'LOGOUT', revokedAt }).finish();
      await jetstream(nc).publish(messaging.names.subject('identity.session.revoked'), payload, { msgID: randomUUID() });
    } finally {
      await nc.close();
    }
  };
  try {
    await messaging.ensureStream();
    const identity: IdentityStandIn = await startIdentityStandIn(signer, revoke, 1);
    parts.push(identity);
    const fixture = await startFixtureService();
    parts.push(fixture);
    const config = readGatewayConfig({
      ...appTestEnv('gateway', { messaging, callees: { identity: identity.address } }),
      ...redisEnv,
      GATEWAY_HOST: '127.0.0.1',
      REDIS_KEY_PREFIX: prefix,
      FIXTURE_GRPC_URL: fixture.address,
      LIMIT_REGISTRATION_PER_IP: '3/3600',
    });
    const gateway = createGateway(config, { protos: fixtureProtos(), logger: testLogger() });
    const ports = await gateway.start();
    parts.push(gateway);
    const base = `http://127.0.0.1:${ports.port}`;
    const post = (path: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return {
      gateway,
      prefix,
      account() {
        const email = `member-${randomUUID()}@example.org`;
        const created: StandInAccount = { id: randomUUID(), email, password: 'correct horse battery', status: 'ACTIVE', organizationId: ORG };
        identity.accounts.set(email, created);
        return created;
      },
      login: (email, password) => post('/api/auth/org/login', { email, password }),
      token: (sessionId = randomUUID(), accountId = randomUUID()) =>
        signer.signAccess({
          sub: accountId,
          sid: sessionId,
          userType: 'ORGANIZATION',
          organizationId: ORG,
          organizationRole: 'MEMBER',
          email: `${accountId}@example.org`,
        }).token,
      member: (token) => fetch(`${base}/api/fixture/orgs/${ORG}`, { headers: { authorization: `Bearer ${token}` } }),
      register: (ip) =>
        post(
          '/api/auth/org/register',
          { email: `new-${randomUUID()}@example.org`, password: 'correct horse battery', firstName: 'New', lastName: 'Member' },
          { 'x-forwarded-for': ip },
        ),
      revoke,
      ready: async () => (await fetch(`http://127.0.0.1:${ports.adminPort}/readyz`)).status,
      stop,
    };
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
}

/** A REDIS_KEY_PREFIX of the run's own. */
export const redisPrefix = (label: string) => `test:${label}:${randomBytes(4).toString('hex')}:`;

function startFixtureService(): Promise<FakeGrpcService> {
  const loaded = loadPackageDefinition(fixtureProtos().definition) as unknown as {
    platform: { fixture: { v1: { FixtureService: { service: ServiceDefinition } } } };
  };
  const definition = loaded.platform.fixture.v1.FixtureService.service;
  return fakeGrpcService(definition, Object.fromEntries(Object.keys(definition).map((method) => [method, () => ({ name: 'Fixture', status: 'UP' })])));
}
