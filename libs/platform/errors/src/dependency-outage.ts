/**
 * Seconds a client is told to wait (`Retry-After`) while a database, cache or message broker is
 * down. A restart or failover takes from seconds to tens of seconds: retries every 5 s keep clients
 * from hammering a server that is coming back, and cost little once it is back, since every
 * process reconnects by itself on its next command.
 */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

/**
 * Why an error means Redis is unreachable (for the log), or undefined. The shapes are ioredis's with
 * the platform's settings (`maxRetriesPerRequest: 1`, `commandTimeout`, @platform/redis): a refused
 * or dropped connection fails the command with MaxRetriesPerRequestError once the reconnection
 * failed (also while Sentinel fails over), a server that accepts but never answers with "Command
 * timed out"; a command on a client whose connection ended gets "Connection is closed."; a Cluster
 * that is not (or no longer) ready refuses at once. Server replies: a restarting server answers
 * LOADING, a master demoted by a failover READONLY, a Cluster moving a slot or without a majority
 * TRYAGAIN or CLUSTERDOWN.
 */
export function redisOutageOf(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  if (err.name === 'MaxRetriesPerRequestError') return err.name;
  if (err.message === 'Command timed out' || err.message === 'Connection is closed.') return err.message;
  if (err.message === CLUSTER_NOT_READY) return 'cluster not ready';
  return err.name === 'ReplyError' ? OUTAGE_REPLIES.find((code) => err.message.startsWith(`${code} `)) : undefined;
}

/** What an ioredis Cluster answers, without a queue, while it cannot reach its nodes. */
const CLUSTER_NOT_READY = "Cluster isn't ready and enableOfflineQueue options is false";
/** Reply codes of a server that is starting, demoted, or part of a Cluster in the middle of a failover. */
const OUTAGE_REPLIES = ['LOADING', 'READONLY', 'TRYAGAIN', 'CLUSTERDOWN'];

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
