import type { FieldViolation } from '@platform/errors';
import { columnOf, headerViolations, type CsvColumn } from './csv-row';

/** Problems of a header reported at most (a file of another system can have hundreds of columns; the answer stays small). */
export const MAX_HEADER_PROBLEMS = 20;

/** How a file's cells map to columns, from its header row. */
export interface CsvLayout {
  /** Each header cell's column; undefined for a cell left empty, whose column's cells must stay empty. */
  columns: Array<CsvColumn | undefined>;
  /** Cells a row needs at least: up to the last named column (spreadsheets drop trailing empty cells of unnamed columns). */
  width: number;
}

/**
 * The layout of a header row, or what is wrong with it: unknown, repeated or missing required
 * columns. Cells left empty (a spreadsheet's trailing separators) name no column and are allowed.
 */
export function readHeader(cells: string[]): { layout: CsvLayout; problems: string[] } {
  const named = cells.map((c) => c.trim()).filter((c) => c !== '');
  const problems = headerViolations(named).map((v) => v.message);
  if (cells.length === 1 && problems.length > 0) problems.push('the header has a single column: columns are separated by commas, semicolons or tabs');
  const columns = cells.map((c) => (c.trim() === '' ? undefined : columnOf(c)));
  const width = columns.reduce((last, column, i) => (column === undefined ? last : i + 1), 0);
  const shown = problems.slice(0, MAX_HEADER_PROBLEMS);
  if (problems.length > shown.length) shown.push(`and ${problems.length - shown.length} more problems with the columns`);
  return { layout: { columns, width }, problems: shown };
}

/** Whether a record holds nothing but blanks (a blank line, or one of separators only): it is skipped. */
export const isBlankRecord = (record: string[]): boolean => record.every((cell) => cell.trim() === '');

/**
 * A data row's cells by column, or why the row does not fit the header: too few cells, or a value
 * where no column is named (beyond the header, or under an empty header cell). Such a row is
 * rejected on its own; its cells might belong to other columns than they seem.
 */
export function rowCells(layout: CsvLayout, record: string[]): { cells: Partial<Record<CsvColumn, string>>; violations: FieldViolation[] } {
  const total = layout.columns.length;
  const misfit = (message: string) => ({ cells: {}, violations: [{ field: '(row)', message }] });
  if (record.length < layout.width) return misfit(`has ${record.length} cells where the header has ${total} columns`);
  const cells: Partial<Record<CsvColumn, string>> = {};
  for (const [i, value] of record.entries()) {
    const column = layout.columns[i];
    if (column !== undefined) cells[column] = value;
    else if (value.trim() !== '')
      return misfit(
        i >= total
          ? `has ${record.length} cells where the header has ${total} columns (a value holding the separator must be in quotes)`
          : `has a value in cell ${i + 1}, whose column has no name in the header`,
      );
  }
  return { cells, violations: [] };
}
