import { Client } from 'pg';
import { changeLockKey } from '../src/store/change-lock';
import { pullAll, startTestSite, type TestSite } from './support/harness';

/**
 * Change stamps against sync pulls under concurrency (see ChangeLock): a write is held open inside
 * its transaction (after its stamp, before its commit) or a page read inside its own (after its
 * queries, before its shared lock is released) through the site's test hooks, and PostgreSQL's lock
 * table shows who waits for whom. No sleeps: every step waits for an observable state.
 */

const ids = (records: { id: number }[]) => records.map((r) => r.id);
const at = (date: Date) => encodeURIComponent(date.toISOString());
/** A UTC instant as the records write it (`YYYY-MM-DD HH:MM:SS`, seconds truncated). */
const cmsDate = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 19);

/** Holds the next call of a hook until released. */
class Hold<A> {
  private next: { reached: (arg: A) => void; released: Promise<void> } | undefined;
  private releaseLast: (() => void) | undefined;

  /** Arms the hook: its next call resolves `reached` (with its argument) and waits for `release`. */
  arm(): { reached: Promise<A>; release: () => void } {
    let reached!: (arg: A) => void;
    let release!: () => void;
    const reachedPromise = new Promise<A>((resolve) => (reached = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.next = { reached, released };
    this.releaseLast = release;
    return { reached: reachedPromise, release };
  }

  /** Disarms and releases (after a failed test, so that the next ones do not hang). */
  reset(): void {
    this.next = undefined;
    this.releaseLast?.();
  }

  readonly hook = async (arg: A): Promise<void> => {
    const held = this.next;
    if (!held) return;
    this.next = undefined;
    held.reached(arg);
    await held.released;
  };
}

/** A promise that tells whether it has settled yet. */
function track<T>(promise: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
  let settled = false;
  const tracked = promise.finally(() => (settled = true));
  return { promise: tracked, settled: () => settled };
}

async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('sync pulls and concurrent writes (change lock)', () => {
  const writes = new Hold<Date>();
  const reads = new Hold<void>();
  let t: TestSite;
  let db: Client;
  let key: string;

  /** Sessions of this site waiting for its change lock in the given mode. */
  const waiting = async (mode: 'ShareLock' | 'ExclusiveLock'): Promise<number> => {
    const result = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND NOT granted AND mode = $2 AND objsubid = 1
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND classid::bigint = (($1::bigint >> 32) & 4294967295) AND objid::bigint = ($1::bigint & 4294967295)`,
      [key, mode],
    );
    return result.rows[0]?.n ?? 0;
  };

  beforeAll(async () => {
    t = await startTestSite({ config: { changeLockHooks: { beforeWriteCommit: writes.hook, beforeReadRelease: reads.hook } } });
    key = changeLockKey(t.schema);
    db = new Client({ connectionString: t.databaseUrl, options: `-c search_path=${t.schema}` });
    await db.connect();
  });
  afterEach(() => {
    writes.reset();
    reads.reset();
  });
  afterAll(async () => {
    await db.end();
    await t.stop();
  });

  describe('a page query during a write that has taken its stamp', () => {
    it.each([
      ['members', '/sync/members/6', { city: 'Hobart' }, 6, { city: 'Hobart' }],
      ['events', '/sync/events/20', { post_title: 'Networking Breakfast (held)' }, 20, { post_title: 'Networking Breakfast (held)' }],
    ])('/sync/%s waits for the commit and returns the change, which the next sync would not select', async (entity, path, body, id, changed) => {
      const held = writes.arm();
      const stampAt = t.clock.advance(60_000);
      const put = track(t.call('PUT', path, { body }));
      expect(await held.reached).toEqual(stampAt);
      // The change is written and stamped but not committed: another session does not see it yet.
      const stampSeen =
        entity === 'members'
          ? await db.query(`SELECT modified_at FROM users WHERE id = $1`, [id])
          : await db.query(`SELECT modified_at FROM posts WHERE id = $1`, [id]);
      expect((stampSeen.rows[0] as { modified_at: Date }).modified_at.getTime()).toBeLessThan(stampAt.getTime());

      // The sync starts after the stamp (as when the commit is slow): the next sync's `since` will be
      // later than the stamp, so this sync is the one that must return the change.
      const syncStarted = t.clock.advance(1000);
      const full = track(t.call('GET', `/sync/${entity}?per_page=200`));
      const since = track(t.call('GET', `/sync/${entity}?per_page=200&since=${at(stampAt)}`));
      // Both page queries wait for the lock (or, were they not to, answer without the change).
      await eventually('the page queries to wait', async () => (await waiting('ShareLock')) === 2 || (full.settled() && since.settled()));
      const settledBeforeCommit = [put.settled(), full.settled(), since.settled()];

      held.release();
      expect((await put.promise).status).toBe(200);
      for (const pull of [await full.promise, await since.promise]) {
        expect(pull.status).toBe(200);
        expect(pull.body.data.find((r: { id: number }) => r.id === id)).toMatchObject(changed);
      }
      expect(ids((await since.promise).body.data)).toEqual([id]);
      // The next sync does not select it (stamped before this sync started): this one had to return it.
      const next = await pullAll(t, entity, `&since=${at(syncStarted)}`);
      expect(ids(next)).not.toContain(id);
      expect(settledBeforeCommit).toEqual([false, false, false]);
    });
  });

  describe('a write during a page query', () => {
    it('waits for the page query, reads its clock afterwards, and the next sync (since = this one started) returns it', async () => {
      const syncStarted = t.clock.advance(60_000);
      const held = reads.arm();
      const page1 = track(t.call('GET', '/sync/members?per_page=3&page=1'));
      await held.reached;
      const put = track(t.call('PUT', '/sync/members/2', { body: { city: 'Perth' } }));
      await eventually('the write to wait', async () => (await waiting('ExclusiveLock')) === 1 || put.settled());
      const settledBeforeRelease = [page1.settled(), put.settled()];
      // The clock moves on while the write waits: its stamp is taken once the page query is done.
      const pageDone = t.clock.advance(1000);
      held.release();

      const first = await page1.promise;
      expect(ids(first.body.data)).toEqual([1, 2, 3]);
      expect(first.body.data[1].city).toBe('Brisbane');
      const written = await put.promise;
      expect(written.status).toBe(200);
      expect(written.body.user_modified_gmt).toBe(cmsDate(pageDone));

      // The rest of the pull, then the next sync from the time this one started.
      const seen = ids(first.body.data);
      for (let page = 2; page <= first.body.total_pages; page++) {
        seen.push(...ids((await t.call('GET', `/sync/members?per_page=3&page=${page}`)).body.data));
      }
      expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const next = await pullAll(t, 'members', `&since=${at(syncStarted)}`, 3);
      expect(ids(next)).toEqual([2]);
      expect(next[0]).toMatchObject({ city: 'Perth', user_modified_gmt: cmsDate(pageDone) });
      expect(settledBeforeRelease).toEqual([false, false]);
    });

    it.each([
      ['PUT /sync/events/{id}', 'events'],
      ['POST /events (attend)', 'events'],
      ['POST /user', 'members'],
      ['POST /auth/signup', 'members'],
    ])('%s waits as well and stamps the time after the page query (/sync/%s)', async (write, entity) => {
      const member = await t.login('olivia.brown');
      const run: Record<string, () => Promise<{ status: number }>> = {
        'PUT /sync/events/{id}': () => t.call('PUT', '/sync/events/22', { body: { _event_cost: '15' } }),
        'POST /events (attend)': () => t.call('POST', '/events', { token: member, body: { action: 'attend', id: 20 } }),
        'POST /user': () => t.call('POST', '/user', { token: member, body: { city: 'Broome' } }),
        'POST /auth/signup': () =>
          t.call('POST', '/auth/signup', { body: { email: 'late.joiner@example.com', password: 'long-enough', first_name: 'Late', last_name: 'Joiner' } }),
      };
      const expected: Record<string, Record<string, unknown>> = {
        'PUT /sync/events/{id}': { id: 22, _event_cost: '15' },
        'POST /events (attend)': { id: 20 },
        'POST /user': { id: 2, city: 'Broome' },
        'POST /auth/signup': { email: 'late.joiner@example.com', role: 'pending-review' },
      };
      t.clock.advance(60_000);
      const held = reads.arm();
      // Any pull holds every write of the site: the lock is one per schema.
      const reading = track(t.call('GET', '/sync/articles?per_page=1'));
      await held.reached;
      const writing = track(run[write]!());
      await eventually('the write to wait', async () => (await waiting('ExclusiveLock')) === 1 || writing.settled());
      const settledBeforeRelease = [reading.settled(), writing.settled()];
      const pageDone = t.clock.advance(1000);
      held.release();
      expect((await reading.promise).status).toBe(200);
      expect((await writing.promise).status).toBeLessThan(300);
      const next = await pullAll(t, entity!, `&since=${at(pageDone)}`);
      expect(next).toEqual([expect.objectContaining(expected[write]!)]);
      expect(settledBeforeRelease).toEqual([false, false]);
    });
  });

  describe('what does not wait', () => {
    it('pulls do not wait for each other', async () => {
      const held = reads.arm();
      const first = track(t.call('GET', '/sync/members?per_page=2'));
      await held.reached;
      const other = await t.call('GET', '/sync/members?per_page=2&page=2');
      expect(other.status).toBe(200);
      expect(first.settled()).toBe(false);
      held.release();
      expect((await first.promise).status).toBe(200);
    });

    it('reads outside the pulls (app endpoints, ping) do not wait for a write in progress', async () => {
      const member = await t.login('olivia.brown');
      const held = writes.arm();
      const put = track(t.call('PUT', '/sync/members/7', { body: { city: 'Alice Springs' } }));
      await held.reached;
      expect((await t.call('GET', '/members', { token: member })).status).toBe(200);
      expect((await t.call('GET', '/events', { token: member })).status).toBe(200);
      expect((await t.call('GET', '/sync/ping', { key: null })).status).toBe(200);
      expect(put.settled()).toBe(false);
      held.release();
      expect((await put.promise).status).toBe(200);
    });
  });
});
