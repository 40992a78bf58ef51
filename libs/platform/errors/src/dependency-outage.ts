/**
 * Seconds a client is told to wait (`Retry-After`) while a database, cache or message broker is
 * down. A restart or failover takes from seconds to tens of seconds: retries every 5 s keep clients
 * from hammering a server that is coming back, and cost little once it is back, since every
 * process reconnects by itself on its next command.
 */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

/**
 * Why an error means Redis is unreachable (for the log), or undefined. The shapes are ioredis's with
 * the platform's settings (`maxRetriesPerRequest: 1`, `commandTimeout`): a refused or dropped
 * connection fails the command with MaxRetriesPerRequestError once the reconnection failed, a
 * server that accepts but never answers with "Command timed out"; a command on a client whose
 * connection ended gets "Connection is closed."; a restarting server answers LOADING.
 */
export function redisOutageOf(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  if (err.name === 'MaxRetriesPerRequestError') return err.name;
  if (err.message === 'Command timed out' || err.message === 'Connection is closed.') return err.message;
  if (err.name === 'ReplyError' && err.message.startsWith('LOADING ')) return 'LOADING';
  return undefined;
}

/**
 * Why an error means NATS is unreachable (for the log), or undefined. The shapes are
 * @nats-io/nats-core's: a publish or request while the connection is down waits for its timeout
 * (TimeoutError "timeout"); on a closed or draining connection it fails at once.
 */
export function natsOutageOf(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  if (err.name === 'ClosedConnectionError' || err.name === 'DrainingConnectionError') return err.name;
  // DOMException's TimeoutError (AbortSignal.timeout) says more than "timeout": not taken for NATS.
  if (err.name === 'TimeoutError' && err.message === 'timeout') return 'TimeoutError';
  return undefined;
}
