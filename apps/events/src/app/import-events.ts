import type { eventsV1 } from '@platform/proto';
import type { EventsDeps } from '../deps';
import { createDraftEvents } from '../store/event-writes';
import type { EventRow } from '../store/events';
import { readEventCsv, type CsvLimits } from './read-event-csv';

/** Rows inserted by one statement. */
const INSERT_BATCH = 500;

export interface ImportResult {
  totalRows: number;
  created: EventRow[];
  rejected: eventsV1.ImportRejectedRow[];
}

/**
 * A CSV import: the file is read as it streams in (see readEventCsv: file-level problems refuse
 * it whole), then the good rows are created as DRAFT events in one transaction (nothing is
 * announced: a draft is not news), and every rejected row is reported.
 */
export async function importEvents(
  deps: Pick<EventsDeps, 'db'>,
  organizationId: string,
  chunks: AsyncIterable<Uint8Array>,
  limits?: CsvLimits,
): Promise<ImportResult> {
  const reading = await readEventCsv(chunks, limits);
  const created = reading.valid.length
    ? await deps.db.$transaction(
        async (tx) => {
          const rows: EventRow[] = [];
          for (let at = 0; at < reading.valid.length; at += INSERT_BATCH) {
            const batch = reading.valid.slice(at, at + INSERT_BATCH).map((v) => v.fields);
            rows.push(...(await createDraftEvents(tx, organizationId, batch)));
          }
          return rows;
        },
        { timeout: 60_000 },
      )
    : [];
  return { totalRows: reading.valid.length + reading.rejected.length, created, rejected: reading.rejected };
}
