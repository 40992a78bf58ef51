import { PlatformError } from '@platform/errors';
import { problemFromPlatformError, renderProblem } from './problem';

describe('problem+json', () => {
  it('renders RFC 9457 members plus code and request id', () => {
    expect(renderProblem({ status: 404, code: 'ROUTE_NOT_FOUND', detail: 'There is no operation at GET /api/x' }, '/api/x', 'req-1')).toEqual({
      type: '/api/docs#problem-route-not-found',
      title: 'Not Found',
      status: 404,
      detail: 'There is no operation at GET /api/x',
      instance: '/api/x',
      code: 'ROUTE_NOT_FOUND',
      requestId: 'req-1',
    });
  });

  it('includes field errors for validation failures', () => {
    const problem = problemFromPlatformError(PlatformError.validation([{ field: 'email', message: 'must be a string' }], 'email must be a string'));
    expect(renderProblem(problem, '/api/auth/org/login', 'r')).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'email', message: 'must be a string' }],
    });
  });

  it('maps authentication and authorisation failures to 401 and 403', () => {
    expect(problemFromPlatformError(PlatformError.unauthenticated())).toMatchObject({ status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
    expect(problemFromPlatformError(PlatformError.forbidden())).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('answers a dependency outage 503 with Retry-After, and renders its own problem type', () => {
    const problem = problemFromPlatformError(PlatformError.dependencyUnavailable('The cache this operation needs is unavailable right now.'));
    expect(problem).toMatchObject({ status: 503, code: 'DEPENDENCY_UNAVAILABLE', headers: { 'Retry-After': '5' } });
    expect(renderProblem(problem, '/api/auth/me', 'r')).toMatchObject({ type: '/api/docs#problem-dependency-unavailable', title: 'Service Unavailable' });
  });
});
