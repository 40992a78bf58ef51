import type { ServiceError } from '@grpc/grpc-js';
import { status } from '@grpc/grpc-js';
import type { Logger } from '@platform/telemetry';
import type { Counter } from 'prom-client';
import type { MembershipSnapshotSource } from '../clients/ports';
import { snapshotRow, type ProjectionRowFacts } from '../domain/membership-projection';
import { retryDelayMs } from '../domain/send-outcome';
import type { Db } from '../store/db';
import { applyMembership, projectionIsEmpty } from '../store/member-projection';
import { findMembershipBackfill, recordMembershipBackfillFinished, recordMembershipBackfillStarted, type BackfillRecord } from '../store/projection-backfill';

/** MEMBERSHIP_BACKFILL: `auto` (an empty projection, or a run cut short), `always` (every start), `off`. */
export type MembershipBackfillMode = 'auto' | 'always' | 'off';
export const MEMBERSHIP_BACKFILL_MODES = ['auto', 'always', 'off'] as const;

/** What the backfill reads and writes of the database (the Prisma store in production, memory in unit tests). */
export interface MembershipBackfillStore {
  projectionIsEmpty(): Promise<boolean>;
  lastRun(): Promise<BackfillRecord | undefined>;
  started(now: Date): Promise<void>;
  finished(now: Date, rows: number): Promise<void>;
  /** The consumer's version-guarded upsert: true when written, false when the projection held newer news. */
  apply(row: ProjectionRowFacts): Promise<boolean>;
}

export function prismaBackfillStore(db: Db): MembershipBackfillStore {
  return {
    projectionIsEmpty: () => projectionIsEmpty(db),
    lastRun: () => findMembershipBackfill(db),
    started: (now) => recordMembershipBackfillStarted(db, now),
    finished: (now, rows) => recordMembershipBackfillFinished(db, now, rows),
    apply: (row) => applyMembership(db, row),
  };
}

/** Whether this start runs the backfill, and why (logged). */
export function backfillDecision(
  mode: MembershipBackfillMode,
  state: { projectionEmpty: boolean; lastRun?: BackfillRecord },
): { run: boolean; reason: string } {
  if (mode === 'off') return { run: false, reason: 'MEMBERSHIP_BACKFILL=off' };
  if (mode === 'always') return { run: true, reason: 'MEMBERSHIP_BACKFILL=always' };
  if (state.lastRun && !state.lastRun.finishedAt) return { run: true, reason: `the run started at ${state.lastRun.startedAt.toISOString()} did not finish` };
  if (state.projectionEmpty) return { run: true, reason: 'the membership projection is empty' };
  // Rows but no record of a run: built from the stream alone (a deployment from before the
  // backfill existed), which misses members whose last event has left the stream.
  if (!state.lastRun) return { run: true, reason: 'the projection was never backfilled' };
  return { run: false, reason: 'the membership projection has been backfilled' };
}

export interface MembershipBackfillOptions {
  store: MembershipBackfillStore;
  /** Undefined without ORGANISATION_GRPC_URL: a run that is due waits for a start that has one. */
  source: MembershipSnapshotSource | undefined;
  mode: MembershipBackfillMode;
  /** Memberships asked per page (the organisation service answers at most 1000). */
  pageSize: number;
  /** Pause after a failed page: base·2^(n−1), ±20 %, at most max; retried without limit. */
  retry: { baseMs: number; maxMs: number };
  logger: Logger;
  /** `notifications_membership_backfill_rows_total{outcome}`: written, older (the projection held newer news), invalid. */
  rows?: Counter<string>;
  now: () => Date;
}

export type BackfillOutcome = 'skipped' | 'finished' | 'stopped';

export interface MembershipBackfill {
  /** Whether this start runs the backfill (decided before the membership consumer starts). */
  readonly due: boolean;
  /** Starts the run in the background (no-op when not due). */
  start(): void;
  /** Settles with how the run ended: skipped (not due), finished, stopped (shutdown first). */
  readonly done: Promise<BackfillOutcome>;
  /** Ends the run at the next page or pause; resolves once nothing of it runs any more. */
  stop(): Promise<void>;
}

const PROGRESS_EVERY_PAGES = 20;

/**
 * Fills the membership projection from the organisation service's ListMembershipSnapshot, so a
 * new (or reset) database knows every membership, also those whose last event is older than the
 * stream keeps. Decides at once, from the database, whether it is due; call this before the
 * membership consumer starts, so the consumer's first rows cannot make a new projection look
 * filled. Each snapshot item goes through the consumer's version-guarded upsert: a snapshot row
 * never undoes a newer event and an older event never undoes a snapshot row, whichever comes first.
 */
export async function prepareMembershipBackfill(options: MembershipBackfillOptions): Promise<MembershipBackfill> {
  const { store, logger } = options;
  const decision =
    options.mode === 'off'
      ? backfillDecision('off', { projectionEmpty: false })
      : backfillDecision(options.mode, { projectionEmpty: await store.projectionIsEmpty(), lastRun: await store.lastRun() });

  const skipped = (): MembershipBackfill => ({ due: false, start: () => undefined, done: Promise.resolve('skipped'), stop: async () => undefined });
  if (!decision.run) {
    logger.info({ reason: decision.reason }, 'membership backfill not needed');
    return skipped();
  }
  // Recorded before any row is written: a run cut short runs again at the next start (auto).
  await store.started(options.now());
  const source = options.source;
  if (!source) {
    logger.warn(
      { reason: decision.reason },
      'membership backfill due, but ORGANISATION_GRPC_URL is empty: it runs at a start that has the organisation service',
    );
    return skipped();
  }

  let stopped = false;
  let started = false;
  let wakeUp: (() => void) | undefined;
  let settle: (outcome: BackfillOutcome) => void = () => undefined;
  const done = new Promise<BackfillOutcome>((resolve) => (settle = resolve));
  /** Resolves when stop() is called (to abandon a page request in flight). */
  let onStop: () => void = () => undefined;
  const stopping = new Promise<'stopped'>((resolve) => (onStop = () => resolve('stopped')));

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (wakeUp = undefined));

  const run = async (): Promise<BackfillOutcome> => {
    const counts = { read: 0, written: 0, older: 0, invalid: 0 };
    let afterId = '';
    let pages = 0;
    let failures = 0;
    logger.info({ reason: decision.reason, pageSize: options.pageSize }, 'membership backfill started');
    while (!stopped) {
      try {
        const request = source.page(afterId, options.pageSize);
        request.catch(() => undefined); // abandoned at shutdown: its late failure is nobody's
        const page = await Promise.race([request, stopping]);
        if (page === 'stopped') break;
        // Counted in the run's totals once the whole page is applied (a failed page is read again).
        const pageCounts = { read: 0, written: 0, older: 0, invalid: 0 };
        for (const item of page.items) {
          if (stopped) break;
          const row = snapshotRow(item);
          const outcome = row === null ? 'invalid' : (await store.apply(row)) ? 'written' : 'older';
          if (outcome === 'invalid') logger.error({ membershipId: item.id }, 'membership backfill: skipping a snapshot item without valid ids or version');
          pageCounts[outcome]++;
          pageCounts.read++;
          options.rows?.inc({ outcome });
        }
        if (stopped) break;
        for (const key of Object.keys(counts) as Array<keyof typeof counts>) counts[key] += pageCounts[key];
        failures = 0;
        pages++;
        if (page.nextAfterId === '' || page.items.length === 0) {
          await store.finished(options.now(), counts.read);
          logger.info({ ...counts, pages }, 'membership backfill finished');
          return 'finished';
        }
        afterId = page.nextAfterId;
        if (pages % PROGRESS_EVERY_PAGES === 0) logger.info({ ...counts, pages }, 'membership backfill in progress');
        else logger.debug({ ...counts, pages }, 'membership backfill page applied');
      } catch (err) {
        failures++;
        const delayMs = retryDelayMs({ maxAttempts: Infinity, ...options.retry }, failures);
        const code = (err as Partial<ServiceError>).code;
        const message =
          code === status.UNIMPLEMENTED
            ? 'membership backfill: the organisation service has no ListMembershipSnapshot yet; retrying'
            : 'membership backfill: a page failed; retrying';
        // Unreachable organisation service or database: log the first failures, then every tenth.
        // A gRPC status says enough without a stack; anything else (the database) keeps its stack.
        const cause = code === undefined ? { err } : { code, error: (err as Error).message };
        if (failures <= 3 || failures % 10 === 0) logger.warn({ ...cause, failures, delayMs, afterId, ...counts }, message);
        if (stopped) break;
        await pause(delayMs);
      }
    }
    logger.info({ ...counts, pages }, 'membership backfill stopped before the end; it runs again at the next start');
    return 'stopped';
  };

  return {
    due: true,
    start() {
      if (started || stopped) return;
      started = true;
      run().then(settle, (err: unknown) => {
        // run() catches every page failure; this is a bug, not an outage.
        logger.error({ err }, 'membership backfill crashed; it runs again at the next start');
        settle('stopped');
      });
    },
    done,
    async stop() {
      stopped = true;
      onStop();
      wakeUp?.();
      if (started) await done;
      else settle('stopped');
    },
  };
}
