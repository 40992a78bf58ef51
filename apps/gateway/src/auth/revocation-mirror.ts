import type Redis from 'ioredis';
import { redisPrimaries, type RedisConnection } from '@platform/redis';
import type { Logger } from '@platform/telemetry';

/** What the denylist publishes on its channel for every revocation it records. */
export interface RevocationNotice {
  /** `sid`: one session; `user`: every token of the account issued at or before `revokedAt`. */
  kind: 'sid' | 'user';
  id: string;
  revokedAt: number;
  /** Seconds the record lives in Redis. */
  ttl: number;
}

export interface RevocationMirrorOptions {
  /** Above this many entries the mirror stands down and every check reads Redis. */
  maxEntries?: number;
  /** How often the subscriber connection is pinged; a silent connection is dropped and resynced. */
  heartbeatMs?: number;
  /** How long to wait before trying again after a resync failed or the mirror grew too large (doubling while too large). */
  retryMs?: number;
  /**
   * A full reload this often, even when nothing looked wrong: a safety net for records written
   * without a notice (a replica of an older version during a rolling upgrade). Default 5 minutes.
   */
  resyncEveryMs?: number;
  now?: () => number;
}

interface Entry {
  revokedAt: number;
  expiresAt: number;
}

/**
 * A per-replica, in-memory copy of the session denylist, so that checking a token costs no round
 * trip. Redis stays the record: the mirror subscribes to the denylist's channel first, then loads
 * every record (SCAN, on each master of a Cluster), and from then on applies each notice the
 * denylist publishes atomically with its write. While it is not known to be complete (starting,
 * resyncing, the subscriber connection lost or silent, or more entries than `maxEntries`), `lookup`
 * answers `undefined` and the caller reads Redis, failing closed as before.
 */
export class RevocationMirror {
  private readonly sessions = new Map<string, Entry>();
  private readonly accounts = new Map<string, Entry>();
  private live = false;
  private generation = 0;
  private stopped = false;
  private started = false;
  /** Stood down for size: notices are not kept (memory) until the next reload starts. */
  private oversized = false;
  /** Reloads in a row that found the denylist too large: each waits longer. */
  private oversizeStreak = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly maxEntries: number;
  private readonly heartbeatMs: number;
  private readonly retryMs: number;
  private readonly resyncEveryMs: number;
  private readonly now: () => number;

  constructor(
    /** A plain connection that hears every publication (`createRedisSubscriber` of @platform/redis). */
    private readonly subscriber: Redis,
    private readonly reader: RedisConnection,
    private readonly prefix: string,
    private readonly logger: Logger,
    options: RevocationMirrorOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 200_000;
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
    this.retryMs = options.retryMs ?? 30_000;
    this.resyncEveryMs = options.resyncEveryMs ?? 300_000;
    this.now = options.now ?? Date.now;
  }

  /** The denylist's Pub/Sub channel. */
  static channel(prefix: string): string {
    return `${prefix}revoked`;
  }

  /** Whether every check can be answered from memory. */
  get isLive(): boolean {
    return this.live;
  }

  get size(): number {
    return this.sessions.size + this.accounts.size;
  }

  /** Subscribes and loads; resolves once the first load has been tried (live or not). */
  async start(): Promise<void> {
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === RevocationMirror.channel(this.prefix)) this.applyNotice(message);
    });
    this.subscriber.on('close', () => this.standDown('the subscriber connection closed'));
    // After a reconnection (ioredis emits ready again), whatever was published meanwhile is lost:
    // reload. Registered before the first load, so a reconnection during it is not missed.
    this.subscriber.on('ready', () => {
      if (this.started) void this.resync();
    });
    if (this.subscriber.status === 'wait') await this.subscriber.connect();
    else if (this.subscriber.status !== 'ready') await this.readyOrTimeout(10_000);
    this.started = true;
    await this.resync();
    this.every(this.heartbeatMs, () => this.heartbeat());
    this.every(60_000, () => this.sweep());
    this.every(this.resyncEveryMs, () => {
      if (this.live) void this.resync();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.live = false;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  /** True or false when the mirror is complete; undefined when the caller must ask Redis. */
  lookup(token: { sub: string; sid: string; iat: number }): boolean | undefined {
    if (!this.live) return undefined;
    const now = this.now();
    const session = this.sessions.get(token.sid);
    if (session && session.expiresAt > now) return true;
    const account = this.accounts.get(token.sub);
    return account !== undefined && account.expiresAt > now && token.iat <= account.revokedAt;
  }

  /** Empties the mirror and loads it again from Redis, after subscribing, so nothing falls between. */
  async resync(): Promise<void> {
    if (this.stopped) return;
    const generation = ++this.generation;
    this.live = false;
    this.oversized = false; // from here on, notices count: they cover what the scan may not see
    this.sessions.clear();
    this.accounts.clear();
    try {
      await this.subscriber.subscribe(RevocationMirror.channel(this.prefix));
      for (const node of redisPrimaries(this.reader)) {
        let cursor = '0';
        do {
          const [next, keys] = await node.scan(cursor, 'MATCH', `${this.prefix}revoked:*`, 'COUNT', 1000);
          cursor = next;
          if (keys.length > 0) await this.load(node, keys);
          if (generation !== this.generation) return; // a newer resync took over
          if (this.size > this.maxEntries) return this.tooLarge();
        } while (cursor !== '0');
      }
      if (generation !== this.generation || this.stopped) return;
      this.oversizeStreak = 0;
      this.live = this.subscriber.status === 'ready';
      this.logger.info({ entries: this.size, live: this.live }, 'session denylist mirror loaded');
    } catch (err) {
      if (generation !== this.generation) return;
      this.logger.warn({ err }, 'session denylist mirror could not load; checks read Redis until it can');
      this.later(() => this.resync());
    }
  }

  /** Reads the keys on the node whose scan found them: on a Cluster a pipeline must stay on one node. */
  private async load(node: Redis, keys: string[]): Promise<void> {
    const pipeline = node.pipeline();
    for (const key of keys) pipeline.get(key).pttl(key);
    const replies = (await pipeline.exec()) ?? [];
    const now = this.now();
    keys.forEach((key, i) => {
      const [valueErr, value] = replies[2 * i] ?? [];
      const [ttlErr, ttl] = replies[2 * i + 1] ?? [];
      if (valueErr || ttlErr) throw valueErr ?? ttlErr;
      if (typeof value !== 'string' || typeof ttl !== 'number' || ttl <= 0) return;
      const rest = key.slice(`${this.prefix}revoked:`.length);
      const kind = rest.startsWith('sid:') ? 'sid' : rest.startsWith('user:') ? 'user' : undefined;
      if (!kind) return;
      this.merge(kind, rest.slice(kind.length + 1), Number(value), now + ttl);
    });
  }

  private applyNotice(message: string): void {
    let notice: RevocationNotice;
    try {
      notice = JSON.parse(message) as RevocationNotice;
    } catch {
      this.logger.warn('unreadable denylist notice ignored');
      return;
    }
    if ((notice.kind !== 'sid' && notice.kind !== 'user') || typeof notice.id !== 'string') return;
    if (this.oversized) return; // checks read Redis meanwhile; keep no copy
    this.merge(notice.kind, notice.id, Number(notice.revokedAt), this.now() + Number(notice.ttl) * 1000);
    if (this.live && this.size > this.maxEntries) this.tooLarge();
  }

  private merge(kind: 'sid' | 'user', id: string, revokedAt: number, expiresAt: number): void {
    const map = kind === 'sid' ? this.sessions : this.accounts;
    const current = map.get(id);
    if (!current || revokedAt > current.revokedAt || (revokedAt === current.revokedAt && expiresAt > current.expiresAt)) {
      map.set(id, { revokedAt, expiresAt });
    }
  }

  private tooLarge(): void {
    this.generation++;
    this.live = false;
    this.sessions.clear();
    this.accounts.clear();
    this.oversized = true;
    this.oversizeStreak++;
    // Each reload of a large denylist is heavy on Redis: wait longer every time it is still too large.
    const waitMs = Math.min(this.retryMs * 2 ** (this.oversizeStreak - 1), 30 * 60_000);
    this.logger.warn({ maxEntries: this.maxEntries, retryInMs: waitMs }, 'session denylist too large to mirror; checks read Redis');
    this.later(() => this.resync(), waitMs);
  }

  private standDown(reason: string): void {
    this.generation++; // abandons a resync in progress as well
    if (!this.live) return;
    this.live = false;
    this.logger.warn({ reason }, 'session denylist mirror stood down; checks read Redis until it is resynced');
  }

  /** Waits for a connection already under way; past the timeout the first load fails and is retried. */
  private readyOrTimeout(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.subscriber.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.subscriber.once('ready', done);
    });
  }

  /** A connection that no longer answers may still look open: ping it, and drop it when silent. */
  private async heartbeat(): Promise<void> {
    if (this.subscriber.status !== 'ready') return;
    const silent = setTimeout(
      () => {
        this.standDown('the subscriber connection stopped answering');
        this.subscriber.disconnect(true);
      },
      Math.min(this.heartbeatMs, 2_000),
    );
    try {
      await this.subscriber.ping();
    } catch {
      // the timeout above, or the close event, handles it
    } finally {
      clearTimeout(silent);
    }
  }

  private sweep(): void {
    const now = this.now();
    for (const map of [this.sessions, this.accounts]) {
      for (const [id, entry] of map) if (entry.expiresAt <= now) map.delete(id);
    }
  }

  private every(ms: number, run: () => unknown): void {
    const timer = setInterval(run, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private later(run: () => unknown, delayMs = this.retryMs): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }
}
