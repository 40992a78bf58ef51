import jwt from 'jsonwebtoken';
import { keyIdOf } from './token-keys';
import { TokenSigner } from './token-signer';

const SECRET = 'x'.repeat(40);
const SERVICE_SECRET = 'v'.repeat(40);
const NEXT_SECRET = 'n'.repeat(40);
const NEXT_SERVICE_SECRET = 'm'.repeat(40);
const ISSUER = 'association-platform';

const headerOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as Record<string, unknown>;
const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
const user = { sub: 'u1', userType: 'ORGANIZATION' as const, organizationId: 'o1', organizationRole: 'ADMIN' as const, sid: 's1' };

describe('TokenSigner', () => {
  let now = 1_700_000_000;
  const signer = new TokenSigner({ issuer: ISSUER, userKeys: { secret: SECRET }, serviceKeys: { secret: SERVICE_SECRET }, now: () => now });

  it('signs HS256 access tokens with the spec claims, a fixed issuer and a 1 h lifetime', () => {
    const { token, claims } = signer.signAccess({ ...user, email: 'a@b.org', username: 'a@b.org' });
    expect(headerOf(token).alg).toBe('HS256');
    expect(claims).toMatchObject({ iss: ISSUER, iat: now, exp: now + 3600, sub: 'u1', sid: 's1' });
    expect(signer.verifyAccess(token)).toMatchObject({ sub: 'u1', organizationRole: 'ADMIN', iat: now, exp: now + 3600 });
  });

  it('refuses an expired token, another issuer, another key and another algorithm', () => {
    const { token } = signer.signAccess({ sub: 'u1', userType: 'SYSTEM', systemRole: 'SUPER_ADMIN', sid: 's' });
    now += 3601;
    expect(() => signer.verifyAccess(token)).toThrow('expired');
    now -= 3601;
    const foreign = jwt.sign({ sub: 'u', sid: 's', iss: 'elsewhere' }, SECRET, { algorithm: 'HS256' });
    expect(() => signer.verifyAccess(foreign)).toThrow('not valid');
    const otherKey = jwt.sign({ sub: 'u', sid: 's', iss: ISSUER }, 'y'.repeat(40), { algorithm: 'HS256' });
    expect(() => signer.verifyAccess(otherKey)).toThrow('not valid');
    const hs512 = jwt.sign({ sub: 'u', sid: 's', iss: ISSUER }, SECRET, { algorithm: 'HS512', keyid: keyIdOf(SECRET) });
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

  describe('verified tokens remembered until they expire', () => {
    it('answers a second verification of a token without its HMAC, with the same claims', () => {
      const { token } = signer.signAccess(user);
      const first = signer.verifyAccess(token);
      const verify = jest.spyOn(jwt, 'verify');
      try {
        expect(signer.verifyAccess(token)).toEqual(first);
        expect(verify).not.toHaveBeenCalled();
      } finally {
        verify.mockRestore();
      }
    });

    it('refuses a remembered token as expired from the second of its exp, as without the cache', () => {
      const { token } = signer.signAccess(user, 10);
      signer.verifyAccess(token);
      now += 9;
      expect(signer.verifyAccess(token).sub).toBe('u1');
      now += 1;
      expect(() => signer.verifyAccess(token)).toThrow('expired');
      now -= 10;
    });

    it('still refuses a remembered token where its kind does not fit', () => {
      const access = signer.signAccess(user).token;
      const service = signer.signService('identity');
      signer.verifyCaller(access);
      signer.verifyCaller(service);
      expect(() => signer.verifyService(access)).toThrow('not valid');
      expect(() => signer.verifyAccess(service)).toThrow('not valid');
      expect(() => signer.verifyRefresh(access)).toThrow('not valid');
    });

    it('keeps the most recently used tokens within its bound', () => {
      const small = new TokenSigner({ issuer: ISSUER, userKeys: { secret: SECRET }, now: () => now, verifiedTokens: 2 });
      const [a, b, c] = ['a', 'b', 'c'].map((sub) => small.signAccess({ ...user, sub }).token) as [string, string, string];
      small.verifyAccess(a);
      small.verifyAccess(b);
      small.verifyAccess(a); // a is now the most recent; c pushes b out
      small.verifyAccess(c);
      const verify = jest.spyOn(jwt, 'verify');
      try {
        small.verifyAccess(a);
        small.verifyAccess(c);
        expect(verify).not.toHaveBeenCalled();
        small.verifyAccess(b);
        expect(verify).toHaveBeenCalledTimes(1);
      } finally {
        verify.mockRestore();
      }
    });

    it('never remembers a token that fails', () => {
      const tampered = `${signer.signAccess(user).token.slice(0, -2)}xx`;
      expect(() => signer.verifyAccess(tampered)).toThrow('not valid');
      expect(() => signer.verifyAccess(tampered)).toThrow('not valid');
    });
  });

  describe('key ids', () => {
    it('names the signing key of its set in the kid header of every token', () => {
      const userKid = keyIdOf(SECRET);
      const serviceKid = keyIdOf(SERVICE_SECRET);
      expect(userKid).not.toBe(serviceKid);
      expect(headerOf(signer.signAccess(user).token).kid).toBe(userKid);
      expect(headerOf(signer.signRefresh({ sub: 'u', sid: 's', jti: 'j' })).kid).toBe(userKid);
      expect(headerOf(signer.signService('identity')).kid).toBe(serviceKid);
    });

    it('refuses a token whose kid names no configured key, even when the key would verify it', () => {
      const unknownKid = jwt.sign({ ...user, jti: 'j', iss: ISSUER }, SECRET, { algorithm: 'HS256', keyid: 'not-a-known-key' });
      expect(() => signer.verifyAccess(unknownKid)).toThrow('not valid');
      expect(() => signer.verifyCaller(unknownKid)).toThrow('not valid');
    });

    it('accepts a user token without a kid (issued before key ids) only as a user token of a user key', () => {
      const legacyAccess = jwt.sign({ ...user, jti: 'j', iss: ISSUER }, SECRET, { algorithm: 'HS256' });
      expect(signer.verifyAccess(legacyAccess)).toMatchObject({ sub: 'u1' });
      const legacyRefresh = jwt.sign({ sub: 'u', sid: 's', jti: 'j', typ: 'refresh', iss: ISSUER }, SECRET, { algorithm: 'HS256' });
      expect(signer.verifyRefresh(legacyRefresh)).toMatchObject({ jti: 'j' });
      const legacyService = jwt.sign(
        { sub: 'service:x', sid: 'service:x', service: 'x', userType: 'SYSTEM', iss: ISSUER, aud: 'platform-services' },
        SERVICE_SECRET,
        { algorithm: 'HS256' },
      );
      expect(() => signer.verifyCaller(legacyService)).toThrow('not valid');
    });
  });

  describe('rotation', () => {
    const at = (userKeys: { secret: string; accepted?: string }, serviceKeys: { secret: string; accepted?: string }) =>
      new TokenSigner({ issuer: ISSUER, userKeys, serviceKeys, now: () => now });
    const before = at({ secret: SECRET }, { secret: SERVICE_SECRET });
    // Step 1: every verifier learns the next key; signers still sign with the current one.
    const learning = at({ secret: SECRET, accepted: NEXT_SECRET }, { secret: SERVICE_SECRET, accepted: NEXT_SERVICE_SECRET });
    // Step 2: signers switch; the old key stays accepted while its tokens live.
    const switched = at({ secret: NEXT_SECRET, accepted: SECRET }, { secret: NEXT_SERVICE_SECRET, accepted: SERVICE_SECRET });
    // Step 3: the old key is removed.
    const after = at({ secret: NEXT_SECRET }, { secret: NEXT_SERVICE_SECRET });

    it('accepts tokens of either key during the overlap, in both orders', () => {
      const oldAccess = before.signAccess(user).token;
      const oldRefresh = before.signRefresh({ sub: 'u', sid: 's', jti: 'j' });
      const oldService = before.signService('organisation');
      const newAccess = switched.signAccess(user).token;
      const newService = switched.signService('organisation');
      for (const verifier of [learning, switched]) {
        expect(verifier.verifyAccess(oldAccess).sub).toBe('u1');
        expect(verifier.verifyAccess(newAccess).sub).toBe('u1');
        expect(verifier.verifyRefresh(oldRefresh).jti).toBe('j');
        expect(verifier.verifyService(oldService).service).toBe('organisation');
        expect(verifier.verifyService(newService).service).toBe('organisation');
      }
      expect(headerOf(learning.signAccess(user).token).kid).toBe(keyIdOf(SECRET));
      expect(headerOf(switched.signAccess(user).token).kid).toBe(keyIdOf(NEXT_SECRET));
    });

    it('refuses the old key once it is removed', () => {
      const oldAccess = before.signAccess(user).token;
      const oldRefresh = before.signRefresh({ sub: 'u', sid: 's', jti: 'j' });
      expect(() => after.verifyAccess(oldAccess)).toThrow('not valid');
      expect(() => after.verifyRefresh(oldRefresh)).toThrow('not valid');
      expect(() => after.verifyService(before.signService('organisation'))).toThrow('not valid');
      expect(after.verifyAccess(after.signAccess(user).token).sub).toBe('u1');
    });
  });

  describe('service tokens', () => {
    it('signs short-lived service tokens with the service key, for the platform services', () => {
      const token = signer.signService('identity');
      expect(payloadOf(token)).toMatchObject({ aud: 'platform-services', iss: ISSUER, sub: 'service:identity' });
      expect(signer.verifyService(token)).toMatchObject({ service: 'identity', exp: now + 60 });
      expect(signer.verifyCaller(token)).toMatchObject({ service: 'identity' });
    });

    it('never accepts a service token as a user access token', () => {
      expect(() => signer.verifyAccess(signer.signService('identity'))).toThrow('not valid');
      const gateway = new TokenSigner({ issuer: ISSUER, userKeys: { secret: SECRET } });
      expect(() => gateway.verifyAccess(signer.signService('identity'))).toThrow('not valid');
      expect(() => gateway.signService('identity')).toThrow('no service key');
    });

    it('never accepts a user-key token as a service token, whatever it claims', () => {
      const claims = { sub: 'service:identity', sid: 'service:identity', service: 'identity', userType: 'SYSTEM', iss: ISSUER, aud: 'platform-services' };
      const forged = jwt.sign(claims, SECRET, { algorithm: 'HS256', keyid: keyIdOf(SECRET) });
      expect(() => signer.verifyService(forged)).toThrow('not valid');
      expect(() => signer.verifyCaller(forged)).toThrow('not valid');
      expect(() => signer.verifyService(signer.signAccess(user).token)).toThrow('not valid');
    });

    it('refuses a service-key token for another audience or without one', () => {
      const claims = { sub: 'service:identity', sid: 'service:identity', service: 'identity', userType: 'SYSTEM', iss: ISSUER };
      const options = { algorithm: 'HS256' as const, keyid: keyIdOf(SERVICE_SECRET) };
      expect(() => signer.verifyService(jwt.sign({ ...claims, aud: 'gateway' }, SERVICE_SECRET, options))).toThrow('not valid');
      expect(() => signer.verifyService(jwt.sign(claims, SERVICE_SECRET, options))).toThrow('not valid');
      expect(signer.verifyService(jwt.sign({ ...claims, aud: 'platform-services' }, SERVICE_SECRET, options)).service).toBe('identity');
    });

    it('refuses a service-key token that is not a service token', () => {
      const options = { algorithm: 'HS256' as const, keyid: keyIdOf(SERVICE_SECRET) };
      const userLike = jwt.sign({ ...user, iss: ISSUER, aud: 'platform-services' }, SERVICE_SECRET, options);
      expect(() => signer.verifyCaller(userLike)).toThrow('not valid');
    });

    it('will not run with one secret for both sets', () => {
      expect(() => new TokenSigner({ issuer: ISSUER, userKeys: { secret: SECRET }, serviceKeys: { secret: SECRET } })).toThrow('must differ');
      expect(() => new TokenSigner({ issuer: ISSUER, userKeys: { secret: SECRET }, serviceKeys: { secret: SERVICE_SECRET, accepted: SECRET } })).toThrow(
        'must differ',
      );
      expect(() => new TokenSigner({ issuer: ISSUER, userKeys: { secret: 'short' } })).toThrow('at least 32');
    });
  });
});
