import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { assertSchemaName } from '@platform/db';
import { inTransaction } from './db';

/**
 * The advisory lock key of a site's schema (a signed 64-bit integer, as text): the first eight bytes
 * of a SHA-256 of the schema name, so every process serving the same schema uses the same key and
 * sites in other schemas of the same database never contend.
 */
export function changeLockKey(schema: string): string {
  return createHash('sha256')
    .update(`legacy-site:changes:${assertSchemaName(schema)}`)
    .digest()
    .readBigInt64BE(0)
    .toString();
}

/** Test hooks: each runs inside the transaction, with the lock held. */
export interface ChangeLockHooks {
  /** Awaited by a stamping write after its statements (its stamp is written), before its commit. */
  beforeWriteCommit?: (stamp: Date) => Promise<void> | void;
  /** Awaited by a sync page read after its queries, before its shared lock is released. */
  beforeReadRelease?: () => Promise<void> | void;
}

/**
 * Orders change stamps against sync pulls, so that no change is lost between two syncs.
 *
 * A write stamps `modified_at` from the clock and becomes visible only when it commits. Left alone, a
 * page query that runs between the two does not see the change, and the next sync, whose `since` is
 * the previous sync's start (later than the stamp), does not select it either: lost. So:
 *
 * - every write that stamps a modified time takes the schema's advisory lock exclusively
 *   (transaction-level) *before* it reads the clock, and holds it to its commit;
 * - every sync page read takes the same lock shared (transaction-level) *before* its queries (in a
 *   statement of its own, so that the queries' snapshot is taken once the lock is granted).
 *
 * A page read then either holds the lock before a write reads its clock (that stamp is later than
 * the read, so later than the start of the sync it belongs to, and the next sync's `since` selects
 * it), or waits until the write has committed (and sees it). Reads share the lock, so pulls never
 * wait on each other; writes wait on each other only for their few statements.
 */
export class ChangeLock {
  private readonly key: string;

  constructor(
    private readonly pool: Pool,
    schema: string,
    private readonly clock: () => Date,
    private readonly hooks: ChangeLockHooks = {},
  ) {
    this.key = changeLockKey(schema);
  }

  /**
   * Runs a write that stamps modified times, in one transaction under the exclusive lock; `stamp` is
   * the clock read once the lock is held. `work` must only run statements on `client` (no other
   * connection, no network call): the lock holds every sync pull until the commit.
   */
  write<T>(work: (client: PoolClient, stamp: Date) => Promise<T>): Promise<T> {
    return inTransaction(
      this.pool,
      async (client) => {
        const stamp = this.clock();
        const result = await work(client, stamp);
        await this.hooks.beforeWriteCommit?.(stamp);
        return result;
      },
      `BEGIN; SELECT pg_advisory_xact_lock(${this.key})`,
    );
  }

  /**
   * Runs a sync page's queries in one read-only transaction under the shared lock. `work` must only
   * query through `client`. The transaction ends (releasing the lock) while the caller goes on with
   * the rows: it wrote nothing, so there is no commit to wait for.
   */
  async read<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let result: T;
    try {
      await client.query(`BEGIN READ ONLY; SELECT pg_advisory_xact_lock_shared(${this.key})`);
      result = await work(client);
      await this.hooks.beforeReadRelease?.();
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
      throw error;
    }
    // A connection whose COMMIT failed is closed rather than reused (the lock goes with it).
    client.query('COMMIT').then(
      () => client.release(),
      (error: unknown) => client.release(error instanceof Error ? error : new Error(String(error))),
    );
    return result;
  }
}
