import { natsOutageOf, redisOutageOf } from './dependency-outage';

// The shapes are what ioredis 5 (maxRetriesPerRequest 1, commandTimeout 2 s, as the gateway and
// organisation set it) and @nats-io 3 threw against the real servers behind a TCP relay that the
// test cut (connections dropped, new ones refused) or stalled (accepted, never answered).

/** An error of a given class name, as the libraries make them. */
const named = (name: string, message: string): Error => Object.assign(new Error(message), { name });

describe('redisOutageOf', () => {
  it('recognises a refused or dropped connection: the command fails once its one retry is spent', () => {
    const err = named(
      'MaxRetriesPerRequestError',
      'Reached the max retries per request limit (which is 1). Refer to "maxRetriesPerRequest" option for details.',
    );
    expect(redisOutageOf(err)).toBe('MaxRetriesPerRequestError');
  });

  it('recognises a server that accepts but never answers, a closed client and a restarting server', () => {
    expect(redisOutageOf(new Error('Command timed out'))).toBe('Command timed out');
    expect(redisOutageOf(new Error('Connection is closed.'))).toBe('Connection is closed.');
    expect(redisOutageOf(named('ReplyError', 'LOADING Redis is loading the dataset in memory'))).toBe('LOADING');
  });

  it('recognises a Cluster that cannot reach its nodes, and the replies of a failover in progress', () => {
    // What the Cluster connection of @platform/redis threw right after its three masters were killed, and seconds later.
    expect(redisOutageOf(new Error("Cluster isn't ready and enableOfflineQueue options is false"))).toBe('cluster not ready');
    expect(redisOutageOf(named('ReplyError', "READONLY You can't write against a read only replica."))).toBe('READONLY');
    expect(redisOutageOf(named('ReplyError', 'CLUSTERDOWN The cluster is down'))).toBe('CLUSTERDOWN');
    expect(redisOutageOf(named('ReplyError', 'TRYAGAIN Multiple keys request during rehashing of slot'))).toBe('TRYAGAIN');
  });

  it('leaves script and command errors alone', () => {
    expect(redisOutageOf(named('ReplyError', 'NOSCRIPT No matching script. Please use EVAL.'))).toBeUndefined();
    expect(redisOutageOf(named('ReplyError', 'WRONGTYPE Operation against a key holding the wrong kind of value'))).toBeUndefined();
    expect(redisOutageOf('Command timed out')).toBeUndefined();
  });
});

describe('natsOutageOf', () => {
  it('recognises a publish that timed out while the connection was down or stalled', () => {
    expect(natsOutageOf(named('TimeoutError', 'timeout'))).toBe('TimeoutError');
  });

  it('recognises a closed or draining connection', () => {
    expect(natsOutageOf(named('ClosedConnectionError', 'closed connection'))).toBe('ClosedConnectionError');
    expect(natsOutageOf(named('DrainingConnectionError', 'connection draining'))).toBe('DrainingConnectionError');
  });

  it('leaves other timeouts and a missing stream alone', () => {
    expect(natsOutageOf(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))).toBeUndefined();
    expect(natsOutageOf(named('JetStreamNotEnabled', 'jetstream is not enabled'))).toBeUndefined();
  });
});
