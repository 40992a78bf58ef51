import { Readable, pipeline } from 'node:stream';
import { parse, type Options } from 'csv-parse';
import { PlatformError, validate, type FieldViolation } from '@platform/errors';
import { isBlankRecord, readHeader, rowCells, type CsvLayout } from '../domain/csv-layout';
import { rowToEventInput } from '../domain/csv-row';
import { crossFieldViolations, eventInputSchema, type EventFields } from '../domain/event-input';
import { withHeaderDelimiter } from './csv-delimiter';
import { csvText } from './csv-encoding';
import { csvParseError, fileError, fileViolation } from './csv-errors';

export interface CsvLimits {
  /** Data rows at most (the header not counted). */
  maxRows: number;
  /** Bytes of one record at most. */
  maxRecordBytes: number;
}

export const DEFAULT_CSV_LIMITS: CsvLimits = { maxRows: 5_000, maxRecordBytes: 64 * 1024 };

export interface RejectedRow {
  /** The line the row starts on (the header is line 1, blank lines count). */
  row: number;
  errors: FieldViolation[];
}

export interface CsvReading {
  valid: Array<{ row: number; fields: EventFields }>;
  rejected: RejectedRow[];
}

const violationsOf = (err: unknown): FieldViolation[] => (err instanceof PlatformError ? err.violations : [{ field: '(row)', message: 'cannot be read' }]);

/** One data row: its cells fit the header, and it passes the create endpoint's validation, or why not. */
function judgeRow(layout: CsvLayout, record: string[]): { fields: EventFields } | { errors: FieldViolation[] } {
  const fitted = rowCells(layout, record);
  if (fitted.violations.length > 0) return { errors: fitted.violations };
  const { input, violations } = rowToEventInput(fitted.cells);
  if (violations.length > 0) return { errors: violations };
  try {
    const fields = validate(eventInputSchema, input);
    const cross = crossFieldViolations(fields);
    return cross.length > 0 ? { errors: cross } : { fields };
  } catch (err) {
    return { errors: violationsOf(err) };
  }
}

/** A record with the line it starts on (csv-parse tells the line a record ends on). */
interface LinedRecord {
  cells: string[];
  line: number;
}

/**
 * Reads an import file as it streams in: decoded strictly (UTF-8, or UTF-16 by its BOM; see
 * csvText), its separator taken from the header (comma, semicolon or tab), parsed with csv-parse
 * (strict quoting). The file as a whole is all-or-nothing: a file that cannot be read (bad bytes,
 * broken quoting, a bad header, a row over the size limit, too many rows, no rows) is a 400 naming
 * the line, and nothing is imported. Rows are judged one by one: a row that does not fit the
 * header, or fails the create endpoint's validation, is reported with its line and reasons while
 * the others are imported. Blank lines and rows of empty cells are skipped.
 */
export async function readEventCsv(chunks: AsyncIterable<Uint8Array>, limits: CsvLimits = DEFAULT_CSV_LIMITS): Promise<CsvReading> {
  const { delimiter, text } = await withHeaderDelimiter(csvText(chunks), limits.maxRecordBytes);
  // Where the last record ended, kept as csv-parse makes records (the iteration below may be behind
  // it when an error comes), so that a record and an error are named by the line they start on.
  let last = { line: 0, emptyLines: 0 };
  const startLine = (emptyLines: number) => last.line + 1 + (emptyLines - last.emptyLines);
  // Quotes are strict (no relax_quotes): csv-parse's leniency also keeps the quotes of a quoted
  // field that goes on after its closing quote, or splits it in two, so a file would be imported
  // other than it reads. Ragged rows are judged row by row (rowCells), hence relax_column_count.
  const options: Options<LinedRecord, string[]> = {
    delimiter,
    skip_empty_lines: true,
    relax_column_count: true,
    max_record_size: limits.maxRecordBytes,
    on_record: (cells: string[], info): LinedRecord => {
      const line = startLine(info.empty_lines);
      last = { line: info.lines, emptyLines: info.empty_lines };
      return { cells, line };
    },
  };
  // parse() has no overload for an on_record that changes the record's type without `columns`.
  const parser = parse(options as unknown as Options);
  // The pipeline carries a failure of the source (a bad byte, a cancelled upload) into the parser's
  // iteration below, and closes the source when the iteration stops early.
  pipeline(Readable.from(text, { objectMode: false }), parser, () => undefined);

  const reading: CsvReading = { valid: [], rejected: [] };
  let layout: CsvLayout | undefined;
  let rows = 0;
  try {
    for await (const { cells: record, line } of parser as AsyncIterable<LinedRecord>) {
      if (isBlankRecord(record)) continue;
      if (!layout) {
        const header = readHeader(record);
        if (header.problems.length > 0)
          throw PlatformError.validation(
            header.problems.map((p) => fileViolation(p, line)),
            'The file header is not valid',
          );
        layout = header.layout;
        continue;
      }
      rows += 1;
      if (rows > limits.maxRows) throw PlatformError.validation([fileViolation(`must have at most ${limits.maxRows} rows`)]);
      const judged = judgeRow(layout, record);
      if ('fields' in judged) reading.valid.push({ row: line, fields: judged.fields });
      else reading.rejected.push({ row: line, errors: judged.errors });
    }
  } catch (err) {
    if (err instanceof PlatformError) throw err;
    const emptyLines = (err as { empty_lines?: unknown }).empty_lines;
    const errorLine = startLine(typeof emptyLines === 'number' ? emptyLines : last.emptyLines);
    // Anything else (the upload cancelled, a failing source) is not the file's fault: passed on as it is.
    throw csvParseError(err, errorLine, limits.maxRecordBytes) ?? err;
  } finally {
    parser.destroy();
  }
  if (!layout) throw fileError('is empty: its first line must name the columns');
  if (rows === 0) throw fileError('has no event rows');
  return reading;
}
