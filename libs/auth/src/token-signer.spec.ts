import jwt from 'jsonwebtoken';
import { TokenSigner } from './token-signer';

const SECRET = 'x'.repeat(40);

describe('TokenSigner', () => {
  let now = 1_700_000_000;
  const signer = new TokenSigner({ secret: SECRET, issuer: 'association-platform', now: () => now });

  it('signs HS256 access tokens with the spec claims, a fixed issuer and a 1 h lifetime', () => {
    const { token, claims } = signer.signAccess({
      sub: 'u1',
      userType: 'ORGANIZATION',
      email: 'a@b.org',
      username: 'a@b.org',
      organizationId: 'o1',
      organizationRole: 'ADMIN',
      sid: 's1',
    });
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    expect(header.alg).toBe('HS256');
    expect(claims).toMatchObject({ iss: 'association-platform', iat: now, exp: now + 3600, sub: 'u1', sid: 's1' });
    expect(signer.verifyAccess(token)).toMatchObject({ sub: 'u1', organizationRole: 'ADMIN', iat: now, exp: now + 3600 });
  });

  it('refuses an expired token, another issuer, another key and another algorithm', () => {
    const { token } = signer.signAccess({ sub: 'u1', userType: 'SYSTEM', systemRole: 'SUPER_ADMIN', sid: 's' });
    now += 3601;
    expect(() => signer.verifyAccess(token)).toThrow('expired');
    now -= 3601;
    const foreign = jwt.sign({ sub: 'u', sid: 's', iss: 'elsewhere' }, SECRET, { algorithm: 'HS256' });
    expect(() => signer.verifyAccess(foreign)).toThrow('not valid');
    const otherKey = jwt.sign({ sub: 'u', sid: 's', iss: 'association-platform' }, 'y'.repeat(40), { algorithm: 'HS256' });
    expect(() => signer.verifyAccess(otherKey)).toThrow('not valid');
    const hs512 = jwt.sign({ sub: 'u', sid: 's', iss: 'association-platform' }, SECRET, { algorithm: 'HS512' });
    expect(() => signer.verifyAccess(hs512)).toThrow('not valid');
    expect(() => signer.verifyAccess('garbage')).toThrow('not valid');
  });

  it('keeps refresh and access tokens apart', () => {
    const refresh = signer.signRefresh({ sub: 'u', sid: 's', jti: 'j' });
    expect(() => signer.verifyAccess(refresh)).toThrow();
    expect(signer.verifyRefresh(refresh)).toMatchObject({ sub: 'u', sid: 's', jti: 'j', typ: 'refresh', exp: now + 30 * 24 * 3600 });
    const { token } = signer.signAccess({ sub: 'u', userType: 'SYSTEM', sid: 's' });
    expect(() => signer.verifyRefresh(token)).toThrow();
  });

  it('signs short-lived service tokens', () => {
    const claims = signer.verifyAccess(signer.signService('identity'));
    expect(claims).toMatchObject({ service: 'identity', exp: now + 60 });
  });
});
