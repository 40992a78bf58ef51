import { LegacyError, legacyErrorOf } from './legacy-error';

describe('platform failures in the old app’s error body', () => {
  it('renders {code, message, data: {status}} with the site’s status of each code', () => {
    expect(new LegacyError('BAD_REQUEST', 'Authorization header not found.').toBody()).toEqual({
      code: 'jwt_auth_bad_request',
      message: 'Authorization header not found.',
      data: { status: 400 },
    });
    expect(new LegacyError('INVALID_TOKEN', 'x').status).toBe(401);
    expect(new LegacyError('AUTH_FAILED', 'x').status).toBe(403);
    expect(LegacyError.noRoute().toBody()).toMatchObject({ code: 'rest_no_route', data: { status: 404 } });
  });

  it('turns a validation problem into rest_invalid_param with each field in data.params', () => {
    const err = legacyErrorOf({ status: 400, code: 'VALIDATION_FAILED', detail: 'Invalid input', errors: [{ field: 'password', message: 'is too short' }] });
    expect(err.toBody()).toEqual({ code: 'rest_invalid_param', message: 'Invalid input', data: { status: 400, params: { password: 'is too short' } } });
  });

  it('takes the call’s own choice for a status first', () => {
    expect(legacyErrorOf({ status: 401, code: 'INVALID_CREDENTIALS', detail: 'Invalid email or password' }, { 401: 'AUTH_FAILED' }).toBody()).toEqual({
      code: 'jwt_auth_failed',
      message: 'Invalid email or password',
      data: { status: 403 },
    });
  });

  it('keeps the wait of a lockout, a limit or an outage in Retry-After', () => {
    const locked = legacyErrorOf({ status: 423, code: 'ACCOUNT_LOCKED', detail: 'locked', headers: { 'Retry-After': '900' } });
    expect([locked.code, locked.status, locked.extra.headers]).toEqual(['jwt_auth_too_many_attempts', 403, { 'Retry-After': '900' }]);
    expect(legacyErrorOf({ status: 429, code: 'RATE_LIMITED', detail: 'slow down', headers: { 'Retry-After': '30' } }).status).toBe(429);
    expect(legacyErrorOf({ status: 503, code: 'UNAVAILABLE', detail: 'down', headers: { 'Retry-After': '1' } }).toBody()).toMatchObject({
      code: 'association_unavailable',
      data: { status: 503 },
    });
  });

  it('answers conflicts and other refusals of the input as 400, and never shows a 500’s detail', () => {
    expect(legacyErrorOf({ status: 409, code: 'CONFLICT', detail: 'taken' }).status).toBe(400);
    expect(legacyErrorOf({ status: 404, code: 'NOT_FOUND', detail: 'gone' }, { 404: 'POST_NOT_FOUND' }).code).toBe('rest_post_invalid_id');
    expect(legacyErrorOf({ status: 500, code: 'INTERNAL', detail: 'stack at x.ts:1' }).toBody()).toEqual({
      code: 'internal_server_error',
      message: 'The site encountered an unexpected error.',
      data: { status: 500 },
    });
  });
});
