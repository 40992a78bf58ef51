import { Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import { PlatformError, validate, type FieldViolation } from '@platform/errors';
import { crossFieldViolations, eventInputSchema, type EventFields } from '../domain/event-input';
import { columnOf, headerViolations, rowToEventInput, type CsvColumn } from '../domain/csv-row';

export interface CsvLimits {
  /** Data rows at most (the header not counted). */
  maxRows: number;
  /** Bytes of one record at most. */
  maxRecordBytes: number;
}

export const DEFAULT_CSV_LIMITS: CsvLimits = { maxRows: 5_000, maxRecordBytes: 64 * 1024 };

export interface RejectedRow {
  /** The row's line number in the file (the header is line 1). */
  row: number;
  errors: FieldViolation[];
}

export interface CsvReading {
  valid: Array<{ row: number; fields: EventFields }>;
  rejected: RejectedRow[];
}

const violationsOf = (err: unknown): FieldViolation[] => (err instanceof PlatformError ? err.violations : [{ field: '(row)', message: 'cannot be read' }]);

/**
 * Reads an import file as it streams in (csv-parse; a BOM, quoted fields, CRLF). The file as a
 * whole is all-or-nothing: a bad header, broken quoting or too many rows is a 400 and nothing is
 * imported. Rows are judged one by one: each is validated as the create endpoint validates, and
 * every rejected row is reported with its line and reasons while the others are imported.
 */
export async function readEventCsv(chunks: AsyncIterable<Uint8Array>, limits: CsvLimits = DEFAULT_CSV_LIMITS): Promise<CsvReading> {
  let headerProblem: FieldViolation[] = [];
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    max_record_size: limits.maxRecordBytes,
    info: true,
    columns: (header: string[]) => {
      headerProblem = headerViolations(header);
      if (headerProblem.length > 0) throw new Error('bad header');
      return header.map((h) => columnOf(h) as string);
    },
  });
  const source = Readable.from(chunks, { objectMode: false });
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);

  const reading: CsvReading = { valid: [], rejected: [] };
  let rows = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Partial<Record<CsvColumn, string>>; info: { lines: number } }>) {
      rows += 1;
      if (rows > limits.maxRows) throw PlatformError.validation([{ field: 'file', message: `must have at most ${limits.maxRows} rows` }]);
      const { input, violations } = rowToEventInput(record);
      if (violations.length > 0) {
        reading.rejected.push({ row: info.lines, errors: violations });
        continue;
      }
      try {
        const fields = validate(eventInputSchema, input);
        const cross = crossFieldViolations(fields);
        if (cross.length > 0) reading.rejected.push({ row: info.lines, errors: cross });
        else reading.valid.push({ row: info.lines, fields });
      } catch (err) {
        reading.rejected.push({ row: info.lines, errors: violationsOf(err) });
      }
    }
  } catch (err) {
    parser.destroy();
    if (headerProblem.length > 0) throw PlatformError.validation(headerProblem, 'The file header is not valid');
    if (err instanceof PlatformError) throw err;
    const csv = err as Partial<CsvError>;
    if (typeof csv.code === 'string' && csv.code.startsWith('CSV_')) {
      throw PlatformError.validation([{ field: 'file', message: `is not valid CSV (${csv.code}${csv.lines ? ` at line ${csv.lines}` : ''})` }]);
    }
    throw err;
  } finally {
    source.destroy();
  }
  if (rows === 0 && headerProblem.length === 0 && reading.rejected.length === 0) {
    throw PlatformError.validation([{ field: 'file', message: 'has no event rows' }]);
  }
  return reading;
}
