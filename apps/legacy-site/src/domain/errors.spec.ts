import { internalErrorBody, LegacyError, LegacyErrorCode, statusOf } from './errors';

describe('legacy errors', () => {
  it('gives every code one status among those of spec section 7', () => {
    for (const code of Object.values(LegacyErrorCode)) {
      expect([400, 401, 403, 404, 500, 503]).toContain(statusOf(code));
    }
    expect(statusOf(LegacyErrorCode.JWT_BAD_REQUEST)).toBe(400);
    expect(statusOf(LegacyErrorCode.SYNC_KEY_MISSING)).toBe(401);
    expect(statusOf(LegacyErrorCode.SYNC_KEY_NOT_GENERATED)).toBe(503);
    expect(statusOf(LegacyErrorCode.NO_ROUTE)).toBe(404);
  });

  it('has the CMS error body {code, message, data: {status}}', () => {
    expect(new LegacyError(LegacyErrorCode.JWT_BAD_REQUEST, 'Authorization header not found.').toBody()).toEqual({
      code: 'jwt_auth_bad_request',
      message: 'Authorization header not found.',
      data: { status: 400 },
    });
    expect(LegacyError.invalidParam('since', 'bad').toBody()).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): since',
      data: { status: 400, params: { since: 'bad' } },
    });
    expect(internalErrorBody()).toMatchObject({ code: 'internal_server_error', data: { status: 500 } });
  });
});
