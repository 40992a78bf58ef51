import { CsvError } from 'csv-parse';
import { PlatformError, type FieldViolation } from '@platform/errors';

/** The one form of a whole-file problem: a violation of `file` whose message starts with its line where there is one. */
export const fileViolation = (reason: string, line?: number): FieldViolation => ({
  field: 'file',
  message: line === undefined ? reason : `line ${line}: ${reason}`,
});

/** A file refused whole: 400, nothing imported. */
export const fileError = (reason: string, line?: number, title = 'The file cannot be imported'): PlatformError =>
  PlatformError.validation([fileViolation(reason, line)], title);

/**
 * A csv-parse error as the file problem it is, in plain words with its line; undefined for anything
 * that is not a parser error. `recordLine` is where the record being read began: csv-parse reports
 * the line it had reached, which for a quote left open is the end of the file.
 */
export function csvParseError(err: unknown, recordLine: number, maxRecordBytes: number): PlatformError | undefined {
  if (!(err instanceof CsvError)) return undefined;
  const reached = typeof err['lines'] === 'number' ? err['lines'] : recordLine;
  const refuse = (line: number, reason: string) => fileError(reason, line, 'The file is not valid CSV');
  switch (err.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return refuse(recordLine, 'a quoted field is not closed: a " opens it and no " ends it before the end of the file');
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return refuse(reached, 'a quoted field goes on after its closing quote; a quote inside a quoted field is written twice ("")');
    case 'INVALID_OPENING_QUOTE':
      return refuse(reached, 'a quote inside a field that does not start with one; put the whole field in quotes and write the quote twice ("12"" screen")');
    case 'CSV_MAX_RECORD_SIZE':
      // A row that runs over many lines is most often a quote left open.
      return refuse(
        recordLine,
        `the row is longer than ${maxRecordBytes} bytes${reached > recordLine ? ' and runs over several lines: is a quote left open?' : ''}`,
      );
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
      return refuse(reached, 'the row does not have as many cells as the header');
    default:
      // Option errors come when the parser is made, not while it reads: anything else is the file's.
      return refuse(reached, `cannot be read as CSV (${err.code})`);
  }
}
