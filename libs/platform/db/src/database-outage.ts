/**
 * Prisma's codes for a database it cannot use right now: P1001 cannot reach the server, P1002
 * reached but timed out, P1008 operation timed out, P1017 the server closed the connection, P2024
 * no pool connection in time, P2037 too many connections.
 */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);

/** @prisma/adapter-pg's kinds for the same (`meta.driverAdapterError.cause.kind`, also under P2010 for raw SQL). */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

/**
 * SQLSTATEs of a server that is going away or not taking connections: 57P01 admin_shutdown (a
 * restart, or a terminated backend), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up,
 * in recovery), 53300 too_many_connections; and class 08, connection exceptions.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Node's socket errors when pg is used without Prisma (a refused, reset or unresolvable server). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * pg's own errors, which carry no code and reach Prisma's callers as they are: the connection
 * dropped during a query or a transaction, a new connection or a pool slot not had within
 * `connectionTimeoutMillis`, a client used after its connection failed.
 */
const PG_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
]);

type Shape = {
  code?: unknown;
  errorCode?: unknown;
  message?: unknown;
  meta?: { driverAdapterError?: { cause?: AdapterCause } };
  cause?: unknown;
  errors?: unknown;
};
type AdapterCause = { kind?: unknown; originalCode?: unknown; code?: unknown };

const sqlStateMeansOutage = (code: unknown): code is string => typeof code === 'string' && (SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code));

/**
 * Why an error means the database cannot be used right now (the code or message that says so, for
 * the log), or undefined for any other failure (a bad query, a constraint, a bug). Recognises what
 * a query through Prisma's driver adapter, or pg itself, throws when the server is down, restarting,
 * refusing connections or unreachable; looks into `cause` and AggregateError's `errors` too.
 */
export function databaseOutageOf(err: unknown): string | undefined {
  return outageOf(err, 0);
}

function outageOf(err: unknown, depth: number): string | undefined {
  if (typeof err !== 'object' || err === null || depth > 4) return undefined;
  const e = err as Shape;
  for (const code of [e.code, e.errorCode]) {
    if (typeof code === 'string' && PRISMA_CODES.has(code)) return code;
  }
  const adapter = e.meta?.driverAdapterError?.cause;
  if (typeof adapter?.kind === 'string' && ADAPTER_KINDS.has(adapter.kind)) return adapter.kind;
  for (const code of [adapter?.originalCode, adapter?.code, e.code]) {
    if (sqlStateMeansOutage(code)) return code;
  }
  if (typeof e.code === 'string' && SOCKET_CODES.has(e.code)) return e.code;
  if (typeof e.message === 'string' && PG_MESSAGES.has(e.message)) return e.message;
  const nested = [e.cause, ...(Array.isArray(e.errors) ? e.errors : [])];
  for (const inner of nested) {
    const found = outageOf(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}
