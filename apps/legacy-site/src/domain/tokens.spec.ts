import jwt from 'jsonwebtoken';
import { LegacyError } from './errors';
import { bearerToken, hashToken, newSyncKey, secretsEqual, signAccessToken, verifyAccessToken } from './tokens';

const SECRET = 'unit-test-secret-0123456789-0123456789';

describe('legacy tokens', () => {
  it('signs HS256 tokens with the user under data.user.id and verifies them', () => {
    const token = signAccessToken(SECRET, { userId: 7, sid: 's-1' }, 1000);
    expect(jwt.decode(token, { complete: true })).toMatchObject({ header: { alg: 'HS256' }, payload: { data: { user: { id: '7' } }, exp: 4600 } });
    expect(verifyAccessToken(SECRET, token, 2000)).toEqual({ userId: 7, sid: 's-1' });
  });

  it('refuses expired tokens, other keys and other algorithms', () => {
    const token = signAccessToken(SECRET, { userId: 7, sid: 's' }, 1000);
    expect(() => verifyAccessToken(SECRET, token, 4601)).toThrow(LegacyError);
    expect(() => verifyAccessToken(`${SECRET}x`, token, 2000)).toThrow(LegacyError);
    const none = jwt.sign({ iss: 'association-legacy-site', sid: 's', data: { user: { id: '1' } } }, '', { algorithm: 'none' });
    expect(() => verifyAccessToken(SECRET, none, 2000)).toThrow(LegacyError);
  });

  it('reads the Bearer header: 400 when missing or malformed', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer   abc')).toBe('abc');
    for (const header of [undefined, '', 'Basic abc', 'Bearer']) {
      expect(() => bearerToken(header)).toThrow(expect.objectContaining({ code: 'jwt_auth_bad_request', status: 400 }));
    }
  });

  it('hashes and compares secrets', () => {
    expect(hashToken('a')).toMatch(/^[0-9a-f]{64}$/);
    expect(secretsEqual('k', 'k')).toBe(true);
    expect(secretsEqual('k', 'kk')).toBe(false);
    expect(newSyncKey()).toMatch(/^[0-9a-f]{48}$/);
  });
});
