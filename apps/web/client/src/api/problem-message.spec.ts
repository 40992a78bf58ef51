import { problemMessage } from './problem-message';

const problem = (extra: Record<string, unknown>) => ({ type: 'about:blank', title: 'Bad Request', status: 400, code: 'VALIDATION_FAILED', ...extra });
const response = (status: number, headers: Record<string, string> = {}) => new Response(null, { status, headers });

describe('problemMessage', () => {
  it('uses the problem detail, its code and request id, and the field errors by field (first one wins)', () => {
    const message = problemMessage(
      problem({
        detail: 'The password is too short',
        requestId: 'req-1',
        errors: [
          { field: 'password', message: 'must be at least 8 characters long' },
          { field: 'password', message: 'second' },
          { field: 'address.city', message: 'is required' },
        ],
      }),
      response(400, { 'x-request-id': 'header-id' }),
    );
    expect(message).toEqual({
      message: 'The password is too short',
      requestId: 'req-1',
      fields: { password: 'must be at least 8 characters long', 'address.city': 'is required' },
      status: 400,
      code: 'VALIDATION_FAILED',
      retryAfter: undefined,
    });
  });

  it('falls back to the X-Request-Id header and to plain words for the status', () => {
    const message = problemMessage(problem({ status: 404, code: 'NOT_FOUND' }), response(404, { 'x-request-id': 'header-id' }));
    expect(message).toMatchObject({ message: 'This was not found. It may have been removed.', requestId: 'header-id', code: 'NOT_FOUND' });
  });

  it('words a body that is not problem+json (a proxy in front) by its status', () => {
    expect(problemMessage('<html>Bad gateway</html>', response(502))).toMatchObject({
      message: 'The platform is not reachable right now. Try again in a moment.',
      fields: {},
      code: undefined,
    });
    expect(problemMessage(undefined, response(504)).message).toBe('Something went wrong on our side. Try again in a moment.');
    expect(problemMessage(undefined, response(418)).message).toBe('The request failed.');
  });

  it('says the platform cannot be reached when there was no answer at all', () => {
    expect(problemMessage(new TypeError('Failed to fetch'), undefined)).toMatchObject({
      status: 0,
      message: 'The platform cannot be reached. Check your connection and try again.',
    });
  });

  it('reads the wait of a 429 or 503 from Retry-After (seconds), ignoring nonsense', () => {
    expect(problemMessage(problem({ status: 429, code: 'RATE_LIMITED', detail: 'Slow down' }), response(429, { 'retry-after': '30' })).retryAfter).toBe(30);
    expect(problemMessage(undefined, response(503, { 'retry-after': 'soon' })).retryAfter).toBeUndefined();
    expect(problemMessage(undefined, response(503, { 'retry-after': '0' })).retryAfter).toBeUndefined();
    expect(problemMessage(undefined, response(503)).message).toBe('The platform is busy right now. Try again in a moment.');
  });
});
