import { status } from '@grpc/grpc-js';
import type { organisationV1 } from '@platform/proto';
import { createLogger } from '@platform/telemetry';
import type { MembershipSnapshotSource } from '../clients/ports';
import type { ProjectionRowFacts } from '../domain/membership-projection';
import type { BackfillRecord } from '../store/projection-backfill';
import { backfillDecision, prepareMembershipBackfill, type MembershipBackfillMode, type MembershipBackfillStore } from './membership-backfill';

const ORG = 'bbbbbbbb-0000-4000-8000-000000000002';
const account = (n: number) => `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`;
const item = (n: number, version = '2026-01-01T00:00:00.000Z'): organisationV1.MembershipSnapshot => ({
  id: `cccccccc-0000-4000-8000-${String(n).padStart(12, '0')}`,
  accountId: account(n),
  organizationId: ORG,
  role: 'MEMBER',
  status: 'ACTIVE',
  version,
});

/** The store in memory, with the real version guard. */
function memoryStore(initial: ProjectionRowFacts[] = [], lastRun?: BackfillRecord) {
  const rows = new Map(initial.map((r) => [r.accountId, r]));
  const state = { lastRun, rows };
  const store: MembershipBackfillStore = {
    projectionIsEmpty: async () => rows.size === 0,
    lastRun: async () => state.lastRun,
    started: async (now) => {
      state.lastRun = { startedAt: now, rows: 0 };
    },
    finished: async (now, count) => {
      state.lastRun = { startedAt: state.lastRun?.startedAt ?? now, finishedAt: now, rows: count };
    },
    apply: async (row) => {
      const known = rows.get(row.accountId);
      if (known && known.version > row.version) return false;
      rows.set(row.accountId, row);
      return true;
    },
  };
  return { store, state };
}

/** Pages of `items` (by 2), failing the first `failures` calls with `code`. */
function fakeSource(items: organisationV1.MembershipSnapshot[], failures = 0, code: number = status.UNAVAILABLE) {
  const calls: string[] = [];
  const source: MembershipSnapshotSource = {
    page: async (afterId, limit) => {
      calls.push(afterId);
      if (calls.length <= failures) throw Object.assign(new Error('down'), { code });
      const rest = items.filter((i) => afterId === '' || i.id > afterId).slice(0, limit);
      return { items: rest, nextAfterId: rest.length === limit ? rest.at(-1)!.id : '' };
    },
  };
  return { source, calls };
}

const logger = createLogger('backfill-test', {}, { write: () => undefined });
const options = (store: MembershipBackfillStore, source: MembershipSnapshotSource | undefined, mode: MembershipBackfillMode = 'auto') => ({
  store,
  source,
  mode,
  pageSize: 2,
  retry: { baseMs: 1, maxMs: 5 },
  logger,
  now: () => new Date('2026-06-01T00:00:00Z'),
});

describe('the membership backfill', () => {
  describe('whether it runs', () => {
    const finished = { startedAt: new Date(0), finishedAt: new Date(1), rows: 3 };
    it.each([
      ['auto', true, undefined, true],
      ['auto', false, undefined, true], // built from the stream alone, before backfills existed
      ['auto', false, finished, false],
      ['auto', false, { startedAt: new Date(0), rows: 0 }, true],
      ['always', false, finished, true],
      ['off', true, undefined, false],
      ['off', true, { startedAt: new Date(0), rows: 0 }, false],
    ] as const)('mode %s, empty %s, last run %o → %s', (mode, projectionEmpty, lastRun, run) => {
      expect(backfillDecision(mode, { projectionEmpty, lastRun }).run).toBe(run);
    });
  });

  it('applies every page through the version guard, records the run and counts rows', async () => {
    const newer: ProjectionRowFacts = {
      organizationId: ORG,
      accountId: account(2),
      role: 'ADMIN',
      status: 'INACTIVE',
      version: new Date('2026-03-01T00:00:00Z'),
    };
    const { store, state } = memoryStore([newer], { startedAt: new Date(0), rows: 0 });
    const { source, calls } = fakeSource([item(1), item(2), item(3), { ...item(4), accountId: 'nope' }, item(5)]);
    const counted: Record<string, number> = {};
    const backfill = await prepareMembershipBackfill({
      ...options(store, source),
      rows: { inc: (labels: { outcome: string }) => (counted[labels.outcome] = (counted[labels.outcome] ?? 0) + 1) } as never,
    });
    expect(backfill.due).toBe(true);
    backfill.start();
    expect(await backfill.done).toBe('finished');
    expect(calls).toEqual(['', item(2).id, item(4).id]);
    expect(state.rows.get(account(2))).toBe(newer);
    expect([...state.rows.keys()].sort()).toEqual([account(1), account(2), account(3), account(5)]);
    expect(counted).toEqual({ written: 3, older: 1, invalid: 1 });
    expect(state.lastRun).toMatchObject({ finishedAt: expect.any(Date), rows: 5 });
    await backfill.stop();
  });

  it('retries failed pages (an older organisation service too) until one answers', async () => {
    const { store, state } = memoryStore();
    const { source, calls } = fakeSource([item(1)], 4, status.UNIMPLEMENTED);
    const backfill = await prepareMembershipBackfill(options(store, source));
    backfill.start();
    expect(await backfill.done).toBe('finished');
    expect(calls).toEqual(['', '', '', '', '']);
    expect(state.rows.size).toBe(1);
  });

  it('stops while it waits to retry, leaving the run unfinished', async () => {
    const { store, state } = memoryStore();
    const { source, calls } = fakeSource([item(1)], Infinity);
    const backfill = await prepareMembershipBackfill({ ...options(store, source), retry: { baseMs: 60_000, maxMs: 60_000 } });
    backfill.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await backfill.stop();
    expect(await backfill.done).toBe('stopped');
    expect(calls).toEqual(['']);
    expect(state.lastRun?.finishedAt).toBeUndefined();
  });

  it('stops without waiting for a page that does not come', async () => {
    const { store } = memoryStore();
    const source: MembershipSnapshotSource = { page: () => new Promise(() => undefined) };
    const backfill = await prepareMembershipBackfill(options(store, source));
    backfill.start();
    await backfill.stop();
    expect(await backfill.done).toBe('stopped');
  });

  it('does nothing when not due, and records a due run without an organisation service for a later start', async () => {
    const filled = memoryStore([{ organizationId: ORG, accountId: account(9), role: 'MEMBER', status: 'ACTIVE', version: new Date() }], {
      startedAt: new Date(0),
      finishedAt: new Date(1),
      rows: 1,
    });
    const { source, calls } = fakeSource([item(1)]);
    const skipped = await prepareMembershipBackfill(options(filled.store, source));
    skipped.start();
    expect([skipped.due, await skipped.done, calls]).toEqual([false, 'skipped', []]);

    const empty = memoryStore();
    const without = await prepareMembershipBackfill(options(empty.store, undefined));
    expect(without.due).toBe(false);
    expect(empty.state.lastRun).toMatchObject({ rows: 0 });
    expect(empty.state.lastRun?.finishedAt).toBeUndefined();
  });
});
