import jwt from 'jsonwebtoken';
import { ADMIN_PASSWORD, startTestSite, type TestSite } from './support/harness';

describe('auth API (/api/v1/auth)', () => {
  let t: TestSite;
  beforeAll(async () => {
    t = await startTestSite();
  });
  afterAll(async () => {
    await t.stop();
  });

  describe('POST /auth', () => {
    it('exchanges a username and password for the login response', async () => {
      const res = await t.call('POST', '/auth', { body: { username: 'olivia.brown', password: 'password123' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        refresh_token: expect.any(String),
        user_email: 'olivia.brown@example.com',
        user_nicename: 'olivia-brown',
        user_display_name: 'Olivia Brown',
      });
      const claims = jwt.decode(res.body.token) as any;
      expect(claims.data.user.id).toBe('2');
      expect(claims.exp - claims.iat).toBe(3600);
    });

    it('accepts an email in place of the username, preferring the exact case among duplicates', async () => {
      const exact = await t.call('POST', '/auth', { body: { username: 'jack.obrien@example.com', password: 'password123' } });
      expect(exact.body.user_email).toBe('jack.obrien@example.com');
      const other = await t.call('POST', '/auth', { body: { username: 'Jack.OBrien@Example.com', password: 'password123' } });
      expect(other.body.user_email).toBe('Jack.OBrien@Example.com');
      const upper = await t.call('POST', '/auth', { body: { email: 'OLIVIA.BROWN@EXAMPLE.COM', password: 'password123' } });
      expect(upper.body.user_email).toBe('olivia.brown@example.com');
    });

    it('accepts form-encoded credentials', async () => {
      const res = await t.call('POST', '/auth', {
        body: 'username=admin&password=admin-password',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(200);
    });

    it('answers 403 jwt_auth_failed to a wrong password or an unknown user', async () => {
      for (const body of [
        { username: 'olivia.brown', password: 'nope' },
        { username: 'nobody', password: 'password123' },
      ]) {
        const res = await t.call('POST', '/auth', { body });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ code: 'jwt_auth_failed', message: expect.any(String), data: { status: 403 } });
      }
    });

    it('answers 400 jwt_auth_bad_request when a credential is missing', async () => {
      const res = await t.call('POST', '/auth', { body: { username: 'olivia.brown' } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('jwt_auth_bad_request');
    });
  });

  describe('POST /auth/validate', () => {
    it('answers jwt_auth_valid_token for a valid token in the header or the body', async () => {
      const token = await t.login('olivia.brown');
      const byHeader = await t.call('POST', '/auth/validate', { token });
      expect(byHeader.status).toBe(200);
      expect(byHeader.body).toEqual({ code: 'jwt_auth_valid_token', message: expect.any(String), data: { status: 200 } });
      const byBody = await t.call('POST', '/auth/validate', { body: { token } });
      expect(byBody.body.code).toBe('jwt_auth_valid_token');
    });

    it('answers 400 jwt_auth_bad_request without a token', async () => {
      const res = await t.call('POST', '/auth/validate');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'jwt_auth_bad_request', message: expect.any(String), data: { status: 400 } });
    });

    it('answers 401 jwt_auth_invalid_token to a forged, malformed or expired token', async () => {
      const forged = jwt.sign({ iss: 'association-legacy-site', sid: 'x', data: { user: { id: '1' } } }, 'another-secret-another-secret-1234');
      for (const token of [forged, 'not-a-jwt']) {
        const res = await t.call('POST', '/auth/validate', { token });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('jwt_auth_invalid_token');
      }
      const token = await t.login('olivia.brown');
      t.clock.advance(3601 * 1000);
      expect((await t.call('POST', '/auth/validate', { token })).status).toBe(401);
    });
  });

  describe('POST /auth/refresh', () => {
    it('rotates the refresh token: the new pair works, the old refresh token does not', async () => {
      const login = await t.call('POST', '/auth', { body: { username: 'mei.chen', password: 'password123' } });
      const refreshed = await t.call('POST', '/auth/refresh', { body: { refresh_token: login.body.refresh_token } });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body).toMatchObject({ token: expect.any(String), refresh_token: expect.any(String), user_email: 'mei.chen@example.com' });
      expect(refreshed.body.refresh_token).not.toBe(login.body.refresh_token);
      expect((await t.call('POST', '/auth/validate', { token: refreshed.body.token })).status).toBe(200);
      const reused = await t.call('POST', '/auth/refresh', { body: { refresh_token: login.body.refresh_token } });
      expect(reused.status).toBe(401);
      expect(reused.body.code).toBe('jwt_auth_invalid_refresh_token');
    });

    it('refuses a refresh token older than 30 days and a missing one', async () => {
      const login = await t.call('POST', '/auth', { body: { username: 'mei.chen', password: 'password123' } });
      t.clock.advance(31 * 86_400_000);
      expect((await t.call('POST', '/auth/refresh', { body: { refresh_token: login.body.refresh_token } })).status).toBe(401);
      const missing = await t.call('POST', '/auth/refresh', { body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe('jwt_auth_bad_request');
    });
  });

  describe('POST /auth/signup', () => {
    it('creates a member pending review and answers 201 with the login response', async () => {
      const res = await t.call('POST', '/auth/signup', {
        body: { email: 'new.member@example.com', password: 'long-enough', first_name: 'New', last_name: 'Member' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ token: expect.any(String), user_email: 'new.member@example.com', user_display_name: 'New Member' });
      const members = await t.call('GET', '/sync/members?per_page=200');
      expect(members.body.data.at(-1)).toMatchObject({ email: 'new.member@example.com', first_name: 'New', last_name: 'Member', role: 'pending-review' });
      expect((await t.call('POST', '/auth', { body: { username: 'new.member@example.com', password: 'long-enough' } })).status).toBe(200);
    });

    it('answers 400 existing_user_email to an address already used in any case', async () => {
      const res = await t.call('POST', '/auth/signup', { body: { email: 'Mei.Chen@Example.com', password: 'long-enough', first_name: 'M', last_name: 'C' } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('existing_user_email');
    });

    it('answers 400 to missing fields, a malformed email or a short password', async () => {
      const missing = await t.call('POST', '/auth/signup', { body: { email: 'x@example.com' } });
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe('rest_missing_callback_param');
      for (const body of [
        { email: 'not-an-email', password: 'long-enough', first_name: 'A', last_name: 'B' },
        { email: 'short@example.com', password: 'short', first_name: 'A', last_name: 'B' },
      ]) {
        const res = await t.call('POST', '/auth/signup', { body });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('rest_invalid_param');
      }
    });
  });

  describe('device push tokens, logout and unsubscribe', () => {
    it('unsubscribes the device token and keeps the session', async () => {
      const login = await t.call('POST', '/auth', {
        body: { username: 'olivia.brown', password: 'password123', device_token: 'fcm-token-olivia', device_platform: 'ios' },
      });
      const token = login.body.token;
      expect((await t.call('GET', '/user', { token })).body.devices).toEqual([{ token: 'fcm-token-olivia', platform: 'ios' }]);
      const res = await t.call('POST', '/auth/unsubscribe', { token, body: { device_token: 'fcm-token-olivia' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ unsubscribed: true, data: { status: 200 } });
      expect((await t.call('GET', '/user', { token })).body.devices).toEqual([]);
    });

    it('unsubscribes the session device when no token is named, and answers 400 when there is none', async () => {
      const login = await t.call('POST', '/auth', { body: { username: 'mei.chen', password: 'password123', device_token: 'fcm-mei' } });
      const res = await t.call('POST', '/auth/unsubscribe', { token: login.body.token });
      expect(res.body.unsubscribed).toBe(true);
      const plain = await t.login('mei.chen');
      const none = await t.call('POST', '/auth/unsubscribe', { token: plain });
      expect(none.status).toBe(400);
      expect(none.body.code).toBe('rest_missing_callback_param');
    });

    it('logout ends the session and unsubscribes its device', async () => {
      const login = await t.call('POST', '/auth', { body: { username: 'admin', password: ADMIN_PASSWORD, device_token: 'fcm-admin' } });
      const token = login.body.token;
      const res = await t.call('POST', '/auth/logout', { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ unsubscribed: true });
      expect((await t.call('POST', '/auth/validate', { token })).status).toBe(401);
      expect((await t.call('GET', '/home', { token })).status).toBe(401);
      expect((await t.call('POST', '/auth/refresh', { body: { refresh_token: login.body.refresh_token } })).status).toBe(401);
      const admin = await t.login('admin', ADMIN_PASSWORD);
      expect((await t.call('GET', '/admin', { token: admin })).body.devices).toBe(0);
    });

    it('logout and unsubscribe need a token: 400 without one, 401 with a bad one', async () => {
      for (const path of ['/auth/logout', '/auth/unsubscribe']) {
        expect((await t.call('POST', path)).status).toBe(400);
        expect((await t.call('POST', path, { token: 'bad' })).status).toBe(401);
      }
    });
  });

  describe('POST /auth/login_deeplink', () => {
    it('exchanges an invitation key once for a 15-minute token', async () => {
      const res = await t.call('POST', '/auth/login_deeplink', { body: { key: 'fixture-invite-key-zoe' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ user_email: 'zoe.nguyen@example.com', expires_in: 900 });
      const claims = jwt.decode(res.body.token) as any;
      expect(claims.exp - claims.iat).toBe(900);
      expect((await t.call('GET', '/user', { token: res.body.token })).body.email).toBe('zoe.nguyen@example.com');
      t.clock.advance(901 * 1000);
      expect((await t.call('GET', '/user', { token: res.body.token })).status).toBe(401);
      const again = await t.call('POST', '/auth/login_deeplink', { body: { key: 'fixture-invite-key-zoe' } });
      expect(again.status).toBe(401);
      expect(again.body.code).toBe('jwt_auth_invalid_deeplink');
    });

    it('answers 400 without a key and 401 to an unknown key', async () => {
      expect((await t.call('POST', '/auth/login_deeplink', { body: {} })).status).toBe(400);
      expect((await t.call('POST', '/auth/login_deeplink', { body: { key: 'nope' } })).status).toBe(401);
    });
  });

  it('answers 404 to auth routes with another method', async () => {
    const res = await t.call('GET', '/auth');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_no_route');
  });
});
