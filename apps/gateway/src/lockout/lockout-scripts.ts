import { RedisScript } from '../redis/redis-script';

/*
 * The login lockout's state per account, changed only by these two scripts so that each check and
 * change is atomic:
 *   KEYS[1] hash  failures, lastFailureAt (ms) | lockedUntil (ms)
 *   KEYS[2] zset  reservations in flight: member = attempt id, score = when it lapses (ms)
 * Times come from the caller (ARGV[1] = now in ms) so tests can drive a clock; key TTLs only
 * collect garbage.
 *
 * A password check may start only if failures + reservations in flight < max: with 4 failures
 * and one attempt in flight, a sixth concurrent attempt could be the sixth check, so it is refused.
 * That is what bounds 30 concurrent wrong passwords to 5 checks (and 5 answers of 401).
 */

const READ_STATE = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[3])
local lockedUntil = tonumber(redis.call('HGET', KEYS[1], 'lockedUntil') or '0')
if lockedUntil > 0 and lockedUntil <= now then
  -- the lock has run out: the counter starts again
  redis.call('DEL', KEYS[1])
  lockedUntil = 0
end
local failures = tonumber(redis.call('HGET', KEYS[1], 'failures') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 'lastFailureAt') or '0')
if failures > 0 and now - last >= window then
  -- a whole window without a failure: forget the old ones
  redis.call('DEL', KEYS[1])
  failures = 0
end
`;

/**
 * ARGV: now, max, windowMs, lockMs, attemptId, reservationMs.
 * Returns {1, 0} when the attempt may proceed (its reservation is held), {0, ms} when the account is
 * locked for ms more, {2, ms} when every remaining attempt is already in flight (retry in ms).
 */
export const RESERVE_ATTEMPT = new RedisScript(`${READ_STATE}
if lockedUntil > now then
  return {0, lockedUntil - now}
end
local max = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local pending = redis.call('ZCARD', KEYS[2])
if failures + pending >= max then
  return {2, 1000}
end
local reservation = tonumber(ARGV[6])
redis.call('ZADD', KEYS[2], now + reservation, ARGV[5])
redis.call('PEXPIRE', KEYS[2], reservation + 60000)
return {1, 0}
`);

/**
 * ARGV: now, max, windowMs, lockMs, attemptId, outcome ('success' | 'failure' | 'neutral').
 * Releases the reservation and records the outcome. Returns {1, lockedUntil} when this failure
 * locked the account, else {0, 0}.
 */
export const SETTLE_ATTEMPT = new RedisScript(`
redis.call('ZREM', KEYS[2], ARGV[5])
local outcome = ARGV[6]
if outcome == 'neutral' then
  return {0, 0}
end
${READ_STATE}
if outcome == 'success' then
  if lockedUntil == 0 then
    redis.call('DEL', KEYS[1])
  end
  return {0, 0}
end
if lockedUntil > now then
  return {0, 0}
end
local max = tonumber(ARGV[2])
local lockMs = tonumber(ARGV[4])
failures = failures + 1
if failures >= max then
  local untilMs = now + lockMs
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'lockedUntil', untilMs)
  redis.call('PEXPIRE', KEYS[1], lockMs + 60000)
  return {1, untilMs}
end
redis.call('HSET', KEYS[1], 'failures', failures, 'lastFailureAt', now)
redis.call('PEXPIRE', KEYS[1], window + 60000)
return {0, 0}
`);
