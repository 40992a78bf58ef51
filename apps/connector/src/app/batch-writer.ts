import type { UpsertOutcome } from '../clients/ports';
import type { ConnectorDeps } from '../deps';
import type { EntityType } from '../domain/entity-types';
import type { Mapped, SourceRecord } from '../domain/mappings';
import { count, type EntityCounts, type LogAction } from '../domain/progress';
import { samePersonNote } from '../domain/same-person';
import { hashToKeep, sourceHash, type HashedSettings } from '../domain/source-hash';
import type { SyncJobRow } from '../store/sync-jobs';
import { insertLogs, type NewSyncLog } from '../store/sync-logs';
import { knownRecords, upsertLinks, type KnownRecord, type Link } from '../store/synced-records';

/** One entity type's writer within a job: maps records, sends them in batches, logs every record. */
export interface EntityWriter {
  /**
   * Maps a page and sends each full batch. Answers once the batch is sent: its answer is logged
   * while the next pages are read and the next batch goes.
   */
  add(records: SourceRecord[]): Promise<void>;
  /** Sends what is left and waits until every line is stored. */
  flush(): Promise<void>;
  /** Waits for the work in flight, whatever its outcome (a job ending early keeps every line it counted). */
  settle(): Promise<void>;
}

/** Where a record of a type carries an image that copy-images copies (read, and replaced by the platform URL). */
export interface ImageField<T> {
  get(record: T): string;
  set(record: T, url: string): void;
}

export interface ImageCopying<T> {
  organizationId: string;
  field: ImageField<T>;
}

/** What a writer works for: the job, its entity type and counts, and how it treats unchanged records. */
export interface WriterScope {
  deps: ConnectorDeps;
  job: SyncJobRow;
  type: EntityType;
  counts: EntityCounts;
  /** Records the platform took unchanged since are logged SKIP without a call. */
  skipUnchanged: boolean;
  settings: HashedSettings;
}

interface Pending<T> {
  externalId: string;
  record: T;
  hash: string;
  /** The mapping's note for the log line ('' for none). */
  note: string;
}

/** A line and, when the platform answered a record, its link. */
interface Answered {
  line: NewSyncLog;
  link?: Link;
}

const conflictNote = (action: LogAction): string =>
  action === 'CONFLICT' ? 'changed on the platform since the last sync and at the source too: the platform copy was kept' : '';

/** A log line; its message the notes that apply, in order, joined. */
const lineOf = (externalId: string, action: LogAction, platformId: string, ...notes: Array<string | false | null | undefined>): NewSyncLog => ({
  externalId,
  action,
  platformId: platformId || null,
  message: notes.filter(Boolean).join('; ') || null,
});

/**
 * copy-images: the batch's images go to documents' ImportImages (copied through the outbound guard
 * once per source URL) and each record takes the platform URL. An image not copied keeps the
 * site's URL (tried again at the next sync) and its record's log line says why.
 */
async function copyImagesOf<T>(
  deps: ConnectorDeps,
  job: SyncJobRow,
  batch: Pending<T>[],
  { organizationId, field: image }: ImageCopying<T>,
): Promise<Map<string, string>> {
  const notes = new Map<string, string>();
  const urls = [...new Set(batch.map((p) => image.get(p.record)).filter((url) => /^https?:\/\//i.test(url)))];
  if (urls.length === 0) return notes;
  const copies = await deps.targets.images(organizationId, urls, job.startedBy);
  for (const p of batch) {
    const copy = copies.get(image.get(p.record));
    if (!copy) continue;
    if ('url' in copy) image.set(p.record, copy.url);
    else notes.set(p.externalId, `image not copied (the site's URL is kept): ${copy.error}`);
  }
  return notes;
}

/** Keeps a background promise's failure from being unhandled: it is seen where the promise is awaited. */
function inBackground(work: Promise<void>, onFailure: (err: unknown) => void): Promise<void> {
  work.catch(onFailure);
  return work;
}

/**
 * The writer of one entity type: `batchSize` records a call, one call in flight at a time (a batch's
 * records are answered before the next batch goes, so documents find their folders and no two
 * calls race for one record), its lines and links stored in one transaction while the next call
 * runs, one store at a time in order. A line is counted once stored, so the progress saved never
 * counts a line that is not there.
 */
export function batchWriter<T>(
  scope: WriterScope,
  map: (record: SourceRecord) => Mapped<T>,
  write: (batch: T[]) => Promise<UpsertOutcome[]>,
  images?: ImageCopying<T>,
): EntityWriter {
  const { deps, job, type, counts } = scope;
  const of = { jobId: job.id, connectorId: job.connectorId, entityType: type };
  const pending: Pending<T>[] = [];
  /** Lines decided without a call (refused by the mapping, SKIP by rule or unchanged), stored with the next store. */
  let unsent: Answered[] = [];
  let sending: Promise<void> = Promise.resolve();
  let storing: Promise<void> = Promise.resolve();
  let broken: { err: unknown } | undefined;
  const fail = (err: unknown) => {
    broken ??= { err };
  };
  const throwIfBroken = () => {
    if (broken) throw broken.err;
  };

  const store = (answered: Answered[]): void => {
    if (answered.length === 0) return;
    const previous = storing;
    storing = inBackground(
      (async () => {
        await previous;
        const lines = answered.map((a) => a.line);
        const links = answered.flatMap((a) => (a.link ? [a.link] : []));
        await deps.db.$transaction(async (tx) => {
          await insertLogs(tx, of, lines);
          await upsertLinks(tx, of, links);
        });
        for (const line of lines) count(counts, line.action as LogAction);
      })(),
      fail,
    );
  };

  const send = async (batch: Pending<T>[]): Promise<Answered[]> => {
    const notes = images ? await copyImagesOf(deps, job, batch, images) : new Map<string, string>();
    const outcomes = await write(batch.map((p) => p.record));
    return batch.map((p, i) => {
      const o = outcomes[i];
      if (!o) return { line: lineOf(p.externalId, 'FAILED', '', 'the import answered no result for this record', p.note) };
      const note = notes.get(p.externalId);
      const line = lineOf(
        o.externalId || p.externalId,
        o.action,
        o.platformId,
        o.error || conflictNote(o.action),
        o.sameAs && samePersonNote(o.sameAs),
        note,
        p.note,
      );
      const link = o.platformId
        ? { externalId: line.externalId, platformId: o.platformId, sourceHash: hashToKeep(o.action, p.hash, !note), sameAs: o.sameAs ?? null }
        : undefined;
      return { line, link };
    });
  };

  /** Starts a batch's call once the previous one is answered; its answer is stored in the background. */
  const submit = async (batch: Pending<T>[]): Promise<void> => {
    await sending;
    throwIfBroken();
    const answeredBefore = unsent;
    unsent = [];
    sending = inBackground(
      (async () => {
        const answered = await send(batch);
        store([...answeredBefore, ...answered]);
      })(),
      fail,
    );
  };

  /** Records the platform took as they map now: a SKIP without a call, with their platform record. */
  const unchangedOf = async (mapped: Pending<T>[]): Promise<Map<string, KnownRecord>> => {
    if (!scope.skipUnchanged || mapped.length === 0) return new Map();
    const known = await knownRecords(
      deps.db,
      job.connectorId,
      type,
      mapped.map((p) => p.externalId),
    );
    const unchanged = new Map<string, KnownRecord>();
    for (const p of mapped) {
      const link = known.get(p.externalId);
      if (link?.sourceHash === p.hash) unchanged.set(p.externalId, link);
    }
    return unchanged;
  };

  return {
    async add(records) {
      throwIfBroken();
      const mapped: Pending<T>[] = [];
      for (const record of records) {
        const m = map(record);
        if (m.kind === 'upsert') mapped.push({ externalId: m.externalId, record: m.record, hash: sourceHash(m.record, scope.settings), note: m.note ?? '' });
        else unsent.push({ line: lineOf(m.externalId, m.kind === 'skip' ? 'SKIP' : 'FAILED', '', m.message) });
      }
      const unchanged = await unchangedOf(mapped);
      for (const p of mapped) {
        const link = unchanged.get(p.externalId);
        if (link === undefined) pending.push(p);
        else unsent.push({ line: lineOf(p.externalId, 'SKIP', link.platformId, link.sameAs && samePersonNote(link.sameAs), p.note) });
      }
      while (pending.length >= deps.sync.batchSize) await submit(pending.splice(0, deps.sync.batchSize));
      // Lines with no batch to wait for (a page of unchanged records, say) go now; one store in
      // flight at most, so a slow database holds the pages back.
      if (unsent.length > 0 && (pending.length === 0 || unsent.length >= deps.sync.batchSize)) {
        await storing;
        store(unsent.splice(0));
      }
    },
    async flush() {
      throwIfBroken();
      if (pending.length > 0) await submit(pending.splice(0));
      await sending;
      store(unsent.splice(0));
      await storing;
    },
    async settle() {
      await sending.catch(() => undefined);
      await storing.catch(() => undefined);
    },
  };
}
