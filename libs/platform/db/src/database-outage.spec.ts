import { PrismaClientKnownRequestError } from '@prisma/client/runtime/client';
import { DatabaseError } from 'pg';
import { databaseOutageOf } from './database-outage';

// The shapes below are what Prisma 7 with @prisma/adapter-pg and pg threw against a real server
// behind a TCP relay the test cut, stalled or reset, a terminated backend, a role with no
// connections left and a fake server answering the startup with an error (see docs/operations.md).

/** A PrismaClientKnownRequestError as the driver adapter reports it. */
function prismaError(code: string, cause: Record<string, unknown>, message = 'Invalid `prisma.member.count()` invocation'): PrismaClientKnownRequestError {
  return new PrismaClientKnownRequestError(message, {
    code,
    clientVersion: '7.10.0',
    meta: { modelName: 'Member', driverAdapterError: { name: 'DriverAdapterError', cause } },
  });
}

/** pg's error for an ErrorResponse of the server. */
function serverError(code: string, message: string): DatabaseError {
  return Object.assign(new DatabaseError(message, 100, 'error'), { code, severity: 'FATAL' });
}

/** pg's own error, which Prisma passes on with its version attached. */
const pgError = (message: string) => Object.assign(new Error(message), { clientVersion: '7.10.0' });

describe('databaseOutageOf', () => {
  it.each([
    ['a refused connection (P1001)', prismaError('P1001', { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 }), 'P1001'],
    ['a connection reset during a transaction (P1017)', prismaError('P1017', { kind: 'ConnectionClosed' }), 'P1017'],
    ['too many connections for the role (53300, P2037)', prismaError('P2037', { originalCode: '53300', kind: 'TooManyConnections' }), 'P2037'],
    ['a server starting up (57P03)', prismaError('P2039', { originalCode: '57P03', kind: 'postgres', code: '57P03', severity: 'FATAL' }), '57P03'],
    [
      'a backend terminated by the administrator or a restart (57P01)',
      prismaError('P2039', { originalCode: '57P01', kind: 'postgres', code: '57P01', severity: 'FATAL' }),
      '57P01',
    ],
  ])('recognises %s from a model query', (_, err, reason) => {
    expect(databaseOutageOf(err)).toBe(reason);
  });

  it.each([
    ['a refused connection', { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 }, 'DatabaseNotReachable'],
    ['a reset connection', { kind: 'ConnectionClosed' }, 'ConnectionClosed'],
    ['a terminated backend', { originalCode: '57P01', kind: 'postgres', code: '57P01' }, '57P01'],
  ])('recognises %s from raw SQL (P2010 wraps the adapter error)', (_, cause, reason) => {
    expect(databaseOutageOf(prismaError('P2010', cause, 'Raw query failed.'))).toBe(reason);
  });

  it.each([
    'Connection terminated unexpectedly', // the connection closed during a query or a transaction
    'Connection terminated due to connection timeout', // a new connection not made within connectionTimeoutMillis
    'timeout exceeded when trying to connect', // no pool slot free within connectionTimeoutMillis
    'Client has encountered a connection error and is not queryable',
  ])('recognises pg’s own "%s"', (message) => {
    expect(databaseOutageOf(pgError(message))).toBe(message);
  });

  it('looks into the cause of a connection timeout', () => {
    const err = Object.assign(new Error('Connection terminated due to connection timeout'), { cause: new Error('Connection terminated unexpectedly') });
    expect(databaseOutageOf(err)).toBe('Connection terminated due to connection timeout');
    expect(databaseOutageOf(new Error('wrapped', { cause: pgError('Connection terminated unexpectedly') }))).toBe('Connection terminated unexpectedly');
  });

  it('recognises pg used without Prisma: server errors and socket errors, AggregateError included', () => {
    expect(databaseOutageOf(serverError('57P01', 'terminating connection due to administrator command'))).toBe('57P01');
    expect(databaseOutageOf(serverError('53300', 'sorry, too many clients already'))).toBe('53300');
    expect(databaseOutageOf(serverError('08006', 'connection failure'))).toBe('08006');
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect', errno: -111 });
    expect(databaseOutageOf(refused)).toBe('ECONNREFUSED');
    expect(databaseOutageOf(new AggregateError([refused, refused], ''))).toBe('ECONNREFUSED');
  });

  it('leaves every other failure alone: it stays an internal error', () => {
    expect(databaseOutageOf(prismaError('P2002', { kind: 'UniqueConstraintViolation', constraint: { fields: ['email'] } }))).toBeUndefined();
    expect(databaseOutageOf(prismaError('P2021', { kind: 'TableDoesNotExist', table: 'Member' }))).toBeUndefined();
    expect(databaseOutageOf(prismaError('P2034', { kind: 'TransactionWriteConflict' }))).toBeUndefined();
    expect(databaseOutageOf(prismaError('P1000', { kind: 'AuthenticationFailed', user: 'svc' }))).toBeUndefined();
    expect(databaseOutageOf(prismaError('P2039', { originalCode: '42883', kind: 'postgres', code: '42883' }))).toBeUndefined();
    expect(databaseOutageOf(serverError('23505', 'duplicate key value violates unique constraint'))).toBeUndefined();
    expect(databaseOutageOf(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeUndefined();
    expect(databaseOutageOf(undefined)).toBeUndefined();
    expect(databaseOutageOf('Connection terminated unexpectedly')).toBeUndefined();
  });
});
