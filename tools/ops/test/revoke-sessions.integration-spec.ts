import { TokenSigner } from '@platform/auth';
import { SUBJECTS } from '@platform/messaging';
import { identityEventsV1 } from '@platform/proto';
import {
  eventually,
  openEventReader,
  STACK_ADMIN,
  STACK_JWT_SECRET,
  STACK_SERVICE_JWT_SECRET,
  startPlatformStack,
  type PlatformStack,
} from '@platform/testing';
import { revokeAccountSessions } from '../src/session-commands';

/**
 * `revoke-sessions` against the built identity and gateway (nx run identity:build gateway:build):
 * the operator ends a signed-in administrator's sessions, and the gateway refuses the access token.
 */
describe('revoke-sessions', () => {
  let stack: PlatformStack;
  const signer = new TokenSigner({ issuer: 'association-platform', userKeys: { secret: STACK_JWT_SECRET }, serviceKeys: { secret: STACK_SERVICE_JWT_SECRET } });
  const identity = () => ({ address: stack.identityGrpcUrl, serviceToken: signer.signService('ops') });

  beforeAll(async () => {
    stack = await startPlatformStack('opsrevoke');
  });
  afterAll(async () => stack?.stop());

  const me = (token: string) => fetch(`${stack.gatewayUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });

  it('ends every session of the account, emits identity.session.revoked, and the gateway then refuses its access token', async () => {
    const login = await fetch(`${stack.gatewayUrl}/api/auth/system/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(STACK_ADMIN),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    expect((await me(accessToken)).status).toBe(200);

    const reader = await openEventReader(stack.names);
    try {
      let line = '';
      const raw = await reader.nextMessage(SUBJECTS.sessionRevoked, async () => {
        line = await revokeAccountSessions(identity(), STACK_ADMIN.email.toUpperCase(), 'olga');
      });
      expect(line).toMatch(new RegExp(`^${STACK_ADMIN.email}: 1 session\\(s\\) revoked \\(account [0-9a-f-]{36}\\)$`));
      const event = identityEventsV1.SessionRevoked.decode(raw!);
      expect(event).toMatchObject({ sessionId: signer.verifyAccess(accessToken).sid, reason: 'OPERATOR_REVOKED' });
    } finally {
      await reader.close();
    }
    await eventually(async () => expect((await me(accessToken)).status).toBe(401));
  });

  it('says when no account has the address', async () => {
    await expect(revokeAccountSessions(identity(), 'nobody@platform.test', 'olga')).rejects.toThrow('nobody@platform.test: no account has this email address');
  });
});
