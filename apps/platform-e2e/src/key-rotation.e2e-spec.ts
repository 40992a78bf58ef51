import { status } from '@grpc/grpc-js';
import { keyIdOf } from '@platform/auth';
import { createClient, unary } from '@platform/grpc-server';
import { identityV1 } from '@platform/proto';
import { STACK_JWT_SECRET, STACK_SERVICE_JWT_SECRET, testSigner } from '@platform/testing';
import { ADMIN, http, startPlatform, type Platform } from './platform';

// The keys before the rotation are the stack's usual ones; these are the keys rotated to.
const NEXT_USER = 'rotated-user-secret-0123456789abcdefghijklmn';
const NEXT_SERVICE = 'rotated-service-secret-0123456789abcdefghijk';
const before = testSigner(STACK_JWT_SECRET, STACK_SERVICE_JWT_SECRET);
const kidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid as string;

/** The stack's real administrator, with a token of the old user key (as one signed before the switch). */
async function oldAdminToken(api: ReturnType<typeof http>): Promise<string> {
  const { accessToken } = (await api.post('/api/auth/system/login', ADMIN)).body;
  const { sub, sid, userType, systemRole, email, username } = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
  return before.signAccess({ sub, sid, userType, systemRole, email, username }).token;
}

/** An internal RPC of identity (service tokens only): the gRPC code it answers. */
async function internalCall(platform: Platform, token: string): Promise<status> {
  const client = createClient(identityV1.IdentityServiceClient, platform.identityGrpcUrl);
  try {
    await unary(client, client.batchGetAccounts, { accountIds: [] }, { token, timeoutMs: 10_000 });
    return status.OK;
  } catch (err) {
    return (err as { code: status }).code;
  } finally {
    client.close();
  }
}

describe('rotating the JWT keys', () => {
  describe('after the switch, with the old keys still accepted', () => {
    let platform: Platform;
    let api: ReturnType<typeof http>;

    beforeAll(async () => {
      platform = await startPlatform('keys-overlap', {
        env: {
          JWT_SECRET: NEXT_USER,
          JWT_SECRET_ACCEPTED: STACK_JWT_SECRET,
          SERVICE_JWT_SECRET: NEXT_SERVICE,
          SERVICE_JWT_SECRET_ACCEPTED: STACK_SERVICE_JWT_SECRET,
        },
      });
      api = http(platform.baseUrl);
    });
    afterAll(() => platform?.stop());

    it('issues tokens under the new key id', async () => {
      const login = await api.post('/api/auth/system/login', ADMIN);
      expect(login.status).toBe(200);
      expect(kidOf(login.body.accessToken)).toBe(keyIdOf(NEXT_USER));
      expect(kidOf(login.body.refreshToken)).toBe(keyIdOf(NEXT_USER));
      expect((await api.get('/api/auth/me', login.body.accessToken)).status).toBe(200);
    });

    it('still accepts access tokens of the old key, at the gateway and in the service', async () => {
      const old = await oldAdminToken(api);
      expect(kidOf(old)).toBe(keyIdOf(STACK_JWT_SECRET));
      const me = await api.get('/api/auth/me', old);
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(ADMIN.email);
    });

    it('still accepts service tokens of the old service key, and never a service token at the gateway', async () => {
      expect(await internalCall(platform, before.signService('organisation'))).toBe(status.OK);
      expect(await internalCall(platform, testSigner(NEXT_USER, NEXT_SERVICE).signService('organisation'))).toBe(status.OK);
      expect((await api.get('/api/auth/me', before.signService('identity'))).status).toBe(401);
    });
  });

  describe('once the old keys are removed', () => {
    let platform: Platform;
    let api: ReturnType<typeof http>;

    beforeAll(async () => {
      platform = await startPlatform('keys-retired', { env: { JWT_SECRET: NEXT_USER, SERVICE_JWT_SECRET: NEXT_SERVICE } });
      api = http(platform.baseUrl);
    });
    afterAll(() => platform?.stop());

    it('refuses access and service tokens of the old keys', async () => {
      const old = await oldAdminToken(api);
      expect((await api.get('/api/auth/me', old)).status).toBe(401);
      // The kid names a key identity no longer holds.
      expect(await internalCall(platform, before.signService('organisation'))).toBe(status.UNAUTHENTICATED);
      expect(await internalCall(platform, testSigner(NEXT_USER, NEXT_SERVICE).signService('organisation'))).toBe(status.OK);
    });
  });
});
