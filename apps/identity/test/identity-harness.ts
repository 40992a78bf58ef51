import { unary, type RunningService } from '@platform/grpc-server';
import { SecretBox } from '@platform/crypto';
import { identityV1, organisationV1 } from '@platform/proto';
import { fakeGrpcService, startServiceHarness, TEST_SECRETS_KEY, type ServiceHarness } from '@platform/testing';
import { startIdentity } from '../src/main';

export const ADMIN = { email: 'root@platform.test', password: 'root-password-1' };
/** Request and resend answer no sooner than this in the tests. */
export const RESET_FLOOR_MS = 200;

export interface IdentityHarness extends ServiceHarness<identityV1.IdentityServiceClient, typeof identityV1.IdentityServiceService, RunningService> {
  /** The SecretBox identity seals event secrets with. */
  box: SecretBox;
  /** The stand-in organisation service: the memberships it answers for an account id. */
  organisations: { memberships: Map<string, organisationV1.AccountMembership[]> };
}

/** Starts identity in-process on its own schema, stream and subjects, with a stand-in organisation service. */
export async function startIdentityHarness(label: string, env: NodeJS.ProcessEnv = {}): Promise<IdentityHarness> {
  const memberships = new Map<string, organisationV1.AccountMembership[]>();
  const organisation = await fakeGrpcService(
    organisationV1.OrganisationServiceService,
    { listAccountMemberships: (request) => ({ memberships: memberships.get(request.accountId) ?? [] }) },
    { serviceToken: 'any' },
  );
  const h = await startServiceHarness({
    app: 'identity',
    label,
    start: startIdentity,
    client: identityV1.IdentityServiceClient,
    fakes: { organisation },
    env: {
      BCRYPT_COST: '4',
      PASSWORD_RESET_MIN_RESPONSE_MS: String(RESET_FLOOR_MS),
      PLATFORM_ADMIN_EMAIL: ADMIN.email,
      PLATFORM_ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
  });
  return { ...h, box: new SecretBox(TEST_SECRETS_KEY), organisations: { memberships } };
}

/** The token pair of a login answer, failing the test when the login asked for an MFA code instead. */
export function tokensOf(reply: identityV1.LoginResponse): { accessToken: string; refreshToken: string } {
  if (!reply.accessToken || !reply.refreshToken) throw new Error(`expected tokens, got ${JSON.stringify(reply)}`);
  return { accessToken: reply.accessToken, refreshToken: reply.refreshToken };
}

/** Helpers bound to one harness. */
export function identityCalls(h: IdentityHarness) {
  const service = () => h.tokens.service('test');
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
      h.organisations.memberships.set(account.id, [
        { organizationId, organizationSlug: 'org', role: 'MEMBER', status: 'ACTIVE', joinedAt: '2026-01-01T00:00:00Z' },
      ]);
      return { id: account.id, email: account.email, password, organizationId };
    },
  };
}
