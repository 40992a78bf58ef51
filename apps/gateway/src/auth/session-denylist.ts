import { ACCESS_TOKEN_SECONDS } from '@platform/auth';
import type { RedisConnection } from '@platform/redis';
import { RedisScript } from '../redis/redis-script';
import { RevocationMirror, type RevocationNotice } from './revocation-mirror';

/** A revocation as identity announces it (`identity.session.revoked`). */
export interface Revocation {
  accountId: string;
  /** Empty: every session of the account. */
  sessionId: string;
  /** Unix seconds; access tokens issued at or before it are refused. */
  revokedAt: number;
}

/** Sets the key and announces it on the channel, in one step: a mirror never misses a record. */
const SET_AND_NOTIFY = new RedisScript(`
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
redis.call('PUBLISH', ARGV[3], ARGV[4])
return 1
`);

/**
 * Sets the key to the larger of its value and ARGV[1] (a late, older revocation never undoes a
 * newer one) and announces the change on the channel.
 */
const SET_MAX_AND_NOTIFY = new RedisScript(`
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > current then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
  redis.call('PUBLISH', ARGV[3], ARGV[4])
  return 1
end
return 0
`);

/** Margin for clock differences between identity and the gateway. */
const SKEW_SECONDS = 60;

/**
 * Revoked sessions, in Redis, shared by every gateway replica:
 *  - `<prefix>revoked:sid:<sid>` = revokedAt: every access token of that session is refused;
 *  - `<prefix>revoked:user:<sub>` = revokedAt: the account's tokens issued at or before it are refused.
 * Keys live as long as a token issued before the revocation can: revokedAt + token lifetime (+ skew).
 * Every write is announced on `<prefix>revoked`, so each replica can keep a RevocationMirror and
 * answer checks from memory.
 */
export class SessionDenylist {
  private mirror: RevocationMirror | undefined;

  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
    private readonly tokenSeconds = ACCESS_TOKEN_SECONDS,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /** The channel every recorded revocation is announced on (see RevocationMirror). */
  get channel(): string {
    return RevocationMirror.channel(this.prefix);
  }

  /** Answers from this in-memory copy whenever it is live; Redis otherwise. */
  useMirror(mirror: RevocationMirror | undefined): void {
    this.mirror = mirror;
  }

  async isRevoked(token: { sub: string; sid: string; iat: number }): Promise<boolean> {
    const mirrored = this.mirror?.lookup(token);
    if (mirrored !== undefined) return mirrored;
    // Two reads, not one MGET: on a Redis Cluster the keys are in different hash slots.
    const [session, account] = await Promise.all([this.redis.get(this.sessionKey(token.sid)), this.redis.get(this.accountKey(token.sub))]);
    if (session !== null) return true;
    return account !== null && token.iat <= Number(account);
  }

  /** Applies one revocation; idempotent, so redelivered events are harmless. */
  async apply(revocation: Revocation): Promise<void> {
    const revokedAt = revocation.revokedAt > 0 ? revocation.revokedAt : this.now();
    const ttl = revokedAt + this.tokenSeconds + SKEW_SECONDS - this.now();
    if (ttl <= 0) return; // every token it could refuse has expired already
    const notice = (kind: RevocationNotice['kind'], id: string) => JSON.stringify({ kind, id, revokedAt, ttl } satisfies RevocationNotice);
    if (revocation.sessionId) {
      await SET_AND_NOTIFY.run(this.redis, [this.sessionKey(revocation.sessionId)], [revokedAt, ttl, this.channel, notice('sid', revocation.sessionId)]);
    } else if (revocation.accountId) {
      await SET_MAX_AND_NOTIFY.run(this.redis, [this.accountKey(revocation.accountId)], [revokedAt, ttl, this.channel, notice('user', revocation.accountId)]);
    }
  }

  private sessionKey(sid: string): string {
    return `${this.prefix}revoked:sid:${sid}`;
  }

  private accountKey(sub: string): string {
    return `${this.prefix}revoked:user:${sub}`;
  }
}
