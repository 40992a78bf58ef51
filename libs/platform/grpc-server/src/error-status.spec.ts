import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { PrismaClientKnownRequestError } from '@prisma/client/runtime/client';
import { ERROR_CODE_KEY, ERROR_RETRY_AFTER_KEY, ErrorCode, PlatformError } from '@platform/errors';
import { testLogger } from '@platform/testing';
import { toServiceError } from './error-status';

const logger = testLogger();

const trailers = (error: Partial<ServiceError>) => ({
  code: error.code,
  details: error.details,
  platformCode: error.metadata?.get(ERROR_CODE_KEY)[0],
  retryAfter: error.metadata?.get(ERROR_RETRY_AFTER_KEY)[0],
});

const unreachable = () =>
  new PrismaClientKnownRequestError("Can't reach database server at 127.0.0.1:5432", {
    code: 'P1001',
    clientVersion: '7.10.0',
    meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 } } },
  });

describe('toServiceError', () => {
  it('answers a database that cannot be reached UNAVAILABLE, DEPENDENCY_UNAVAILABLE, retry after 5 s', () => {
    expect(trailers(toServiceError(unreachable(), logger))).toEqual({
      code: status.UNAVAILABLE,
      details: 'The database this operation needs is unavailable right now. Try again shortly.',
      platformCode: ErrorCode.DEPENDENCY_UNAVAILABLE,
      retryAfter: '5',
    });
    const dropped = Object.assign(new Error('Connection terminated unexpectedly'), { clientVersion: '7.10.0' });
    expect(trailers(toServiceError(dropped, logger))).toMatchObject({ code: status.UNAVAILABLE, platformCode: ErrorCode.DEPENDENCY_UNAVAILABLE });
  });

  it('answers Redis and NATS outages the same way, naming the cache and the message broker', () => {
    const redis = Object.assign(new Error('Reached the max retries per request limit (which is 1).'), { name: 'MaxRetriesPerRequestError' });
    expect(trailers(toServiceError(redis, logger))).toMatchObject({ code: status.UNAVAILABLE, details: expect.stringContaining('cache'), retryAfter: '5' });
    const nats = Object.assign(new Error('closed connection'), { name: 'ClosedConnectionError' });
    expect(trailers(toServiceError(nats, logger))).toMatchObject({ code: status.UNAVAILABLE, details: expect.stringContaining('message broker') });
  });

  it("passes on a called service's dependency outage with its message", () => {
    const metadata = new Metadata();
    metadata.set(ERROR_CODE_KEY, ErrorCode.DEPENDENCY_UNAVAILABLE);
    metadata.set(ERROR_RETRY_AFTER_KEY, '5');
    const downstream = Object.assign(new Error('14 UNAVAILABLE: The database this operation needs is unavailable right now.'), {
      code: status.UNAVAILABLE,
      details: 'The database this operation needs is unavailable right now.',
      metadata,
    });
    expect(trailers(toServiceError(downstream, logger))).toEqual({
      code: status.UNAVAILABLE,
      details: 'The database this operation needs is unavailable right now.',
      platformCode: ErrorCode.DEPENDENCY_UNAVAILABLE,
      retryAfter: '5',
    });
  });

  it('still answers an unreachable downstream service UNAVAILABLE without a platform code', () => {
    const downstream = Object.assign(new Error('14 UNAVAILABLE: No connection established'), {
      code: status.UNAVAILABLE,
      details: 'No connection established',
      metadata: new Metadata(),
    });
    expect(trailers(toServiceError(downstream, logger))).toEqual({
      code: status.UNAVAILABLE,
      details: 'A platform service is not available',
      platformCode: undefined,
      retryAfter: undefined,
    });
  });

  it('keeps a PlatformError and answers anything else INTERNAL with a generic message', () => {
    expect(trailers(toServiceError(PlatformError.rateLimited('Slow down', 30), logger))).toEqual({
      code: status.RESOURCE_EXHAUSTED,
      details: 'Slow down',
      platformCode: ErrorCode.RATE_LIMITED,
      retryAfter: '30',
    });
    const constraint = new PrismaClientKnownRequestError('Unique constraint failed', { code: 'P2002', clientVersion: '7.10.0' });
    expect(trailers(toServiceError(constraint, logger))).toEqual({
      code: status.INTERNAL,
      details: 'Internal error',
      platformCode: ErrorCode.INTERNAL,
      retryAfter: undefined,
    });
    expect(trailers(toServiceError(new TypeError('x is undefined'), logger))).toMatchObject({ code: status.INTERNAL });
  });
});
