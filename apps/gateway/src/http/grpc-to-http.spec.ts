import { Metadata, type ServiceError, status } from '@grpc/grpc-js';
import { ERROR_CODE_KEY, ERROR_RETRY_AFTER_KEY, ERROR_VIOLATIONS_KEY } from '@platform/errors';
import { fixtureProtos } from '../../test/support/fixture-protos';
import { RouteTable } from '../routing/route-table';
import { problemFromGrpc } from './grpc-to-http';

const table = RouteTable.fromProtos(fixtureProtos());
const match = table.match('PUT', '/api/fixture/orgs/x');
const route = match.kind === 'found' ? match.route : (undefined as never);

function serviceError(code: status, details: string, meta: Record<string, string | Buffer> = {}): ServiceError {
  const metadata = new Metadata();
  for (const [k, v] of Object.entries(meta)) metadata.set(k, v);
  return Object.assign(new Error(details), { code, details, metadata });
}

describe('gRPC status → problem', () => {
  it('uses the canonical HTTP status, the platform code and the message of a platform error', () => {
    const { problem, internal } = problemFromGrpc(
      serviceError(status.ALREADY_EXISTS, 'The email already has an account', { [ERROR_CODE_KEY]: 'CONFLICT' }),
      route,
    );
    expect(problem).toMatchObject({ status: 409, code: 'CONFLICT', detail: 'The email already has an account' });
    expect(internal).toBe(false);
  });

  it('turns violations from binary metadata into errors with JSON field names', () => {
    const violations = Buffer.from(
      JSON.stringify([
        { field: 'websiteUrl', message: 'must be a URL' },
        { field: 'address.postalCode', message: 'too long' },
      ]),
    );
    const { problem } = problemFromGrpc(
      serviceError(status.INVALID_ARGUMENT, 'Invalid websiteUrl', { [ERROR_CODE_KEY]: 'VALIDATION_FAILED', [ERROR_VIOLATIONS_KEY]: violations }),
      route,
    );
    expect(problem).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: [
        { field: 'website_url', message: 'must be a URL' },
        { field: 'address.postalCode', message: 'too long' },
      ],
    });
  });

  it("answers a service's rate limit 429 with its Retry-After, and 410 for a used invitation token", () => {
    const limited = problemFromGrpc(
      serviceError(status.RESOURCE_EXHAUSTED, 'Too many join requests', { [ERROR_CODE_KEY]: 'RATE_LIMITED', [ERROR_RETRY_AFTER_KEY]: '1800' }),
      route,
    );
    expect(limited.problem).toMatchObject({ status: 429, code: 'RATE_LIMITED', headers: { 'Retry-After': '1800' } });
    const junk = problemFromGrpc(serviceError(status.RESOURCE_EXHAUSTED, 'x', { [ERROR_CODE_KEY]: 'RATE_LIMITED', [ERROR_RETRY_AFTER_KEY]: 'soon' }), route);
    expect(junk.problem.headers).toBeUndefined();
    const used = problemFromGrpc(serviceError(status.FAILED_PRECONDITION, 'The invitation was already used', { [ERROR_CODE_KEY]: 'INVITATION_USED' }), route);
    expect(used.problem).toMatchObject({ status: 410, code: 'INVITATION_USED' });
  });

  it('hides the text of internal errors and of errors without a platform code', () => {
    const internal = problemFromGrpc(serviceError(status.INTERNAL, 'TypeError: x is undefined at foo.ts:12', { [ERROR_CODE_KEY]: 'INTERNAL' }), route);
    expect(internal.problem).toMatchObject({ status: 500, code: 'INTERNAL' });
    expect(internal.problem.detail).not.toContain('TypeError');
    expect(internal.internal).toBe(true);
    const bare = problemFromGrpc(serviceError(status.RESOURCE_EXHAUSTED, 'Received message larger than max'), route);
    expect(bare.problem).toMatchObject({ status: 429, code: 'RATE_LIMITED', detail: 'The request could not be processed.' });
  });

  it('answers 503 for an unreachable service and 504 for a missed deadline', () => {
    expect(problemFromGrpc(serviceError(status.UNAVAILABLE, 'No connection established'), route).problem).toMatchObject({
      status: 503,
      code: 'UNAVAILABLE',
      detail: 'The fixture service is not available. Try again shortly.',
      headers: { 'Retry-After': '1' },
    });
    expect(problemFromGrpc(serviceError(status.DEADLINE_EXCEEDED, 'Deadline exceeded'), route).problem).toMatchObject({ status: 504, code: 'TIMEOUT' });
  });

  it("answers 503 with the service's message and Retry-After when its database is down", () => {
    const down = serviceError(status.UNAVAILABLE, 'The database this operation needs is unavailable right now. Try again shortly.', {
      [ERROR_CODE_KEY]: 'DEPENDENCY_UNAVAILABLE',
      [ERROR_RETRY_AFTER_KEY]: '5',
    });
    expect(problemFromGrpc(down, route)).toEqual({
      problem: {
        status: 503,
        code: 'DEPENDENCY_UNAVAILABLE',
        detail: 'The database this operation needs is unavailable right now. Try again shortly.',
        headers: { 'Retry-After': '5' },
      },
      internal: false,
    });
    // A wait the header cannot carry is replaced by the platform's.
    const odd = serviceError(status.UNAVAILABLE, 'down', { [ERROR_CODE_KEY]: 'DEPENDENCY_UNAVAILABLE', [ERROR_RETRY_AFTER_KEY]: '-3' });
    expect(problemFromGrpc(odd, route).problem.headers).toEqual({ 'Retry-After': '5' });
  });

  it('asks for a bearer token on UNAUTHENTICATED', () => {
    const { problem } = problemFromGrpc(serviceError(status.UNAUTHENTICATED, 'The token has expired', { [ERROR_CODE_KEY]: 'UNAUTHENTICATED' }), route);
    expect(problem).toMatchObject({ status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
  });

  it('asks for a bearer token on every 401, a failed sign-in too (RFC 9110)', () => {
    const failed = serviceError(status.UNAUTHENTICATED, 'Invalid email or password', { [ERROR_CODE_KEY]: 'INVALID_CREDENTIALS' });
    expect(problemFromGrpc(failed, route).problem).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', headers: { 'WWW-Authenticate': 'Bearer' } });
  });
});
