import { isPositiveDecimal, type FieldViolation } from '@platform/errors';
import { ADDRESS_KEYS, CSV_COLUMNS } from './event-fields';

export { CSV_COLUMNS };

export type CsvColumn = (typeof CSV_COLUMNS)[number];

export const REQUIRED_COLUMNS: readonly CsvColumn[] = ['title', 'eventType', 'startDate', 'endDate'];
const ADDRESS: readonly CsvColumn[] = ADDRESS_KEYS;
const BOOLEANS: readonly CsvColumn[] = ['registrationRequired', 'waitingListEnabled', 'isFree', 'isAllDay', 'isVirtual'];
const INTEGERS: readonly CsvColumn[] = ['maxAttendees'];
const DECIMALS: readonly CsvColumn[] = ['basePrice', 'memberPrice', 'earlyBirdPrice'];

/** Cells that a spreadsheet would run as a formula. They are never interpreted: text keeps them as written, typed columns refuse them. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** A header cell → its column (`Address.City`, ` city ` → city), or undefined for an unknown one. */
export function columnOf(header: string): CsvColumn | undefined {
  const name = header.trim().replace(/^address\./i, '');
  return CSV_COLUMNS.find((c) => c.toLowerCase() === name.toLowerCase());
}

/** What is wrong with a header row: unknown, repeated or missing required columns. */
export function headerViolations(headers: string[]): FieldViolation[] {
  const out: FieldViolation[] = [];
  const seen = new Set<CsvColumn>();
  for (const h of headers) {
    const c = columnOf(h);
    if (!c) out.push({ field: 'file', message: `unknown column "${h.slice(0, 50)}"; columns: ${CSV_COLUMNS.join(', ')}` });
    else if (seen.has(c)) out.push({ field: 'file', message: `column ${c} appears twice` });
    else seen.add(c);
  }
  for (const r of REQUIRED_COLUMNS) if (!seen.has(r)) out.push({ field: 'file', message: `column ${r} is required` });
  return out;
}

const TRUE = ['true', 'yes', '1', 'y'];
const FALSE = ['false', 'no', '0', 'n', ''];

/**
 * One data row → the event fields as the create endpoint takes them (the same validation follows),
 * or the cells that cannot be read. Typed cells starting with a formula character are refused,
 * never evaluated; text cells are kept verbatim.
 */
export function rowToEventInput(cells: Partial<Record<CsvColumn, string>>): { input: Record<string, unknown>; violations: FieldViolation[] } {
  const violations: FieldViolation[] = [];
  const input: Record<string, unknown> = { surveyQuestions: [] };
  const address: Record<string, string> = {};
  for (const column of CSV_COLUMNS) {
    const raw = cells[column] ?? '';
    const value = raw.trim();
    if (ADDRESS.includes(column)) {
      address[column] = raw;
      continue;
    }
    const typed = BOOLEANS.includes(column) || INTEGERS.includes(column) || DECIMALS.includes(column);
    if (typed && FORMULA_START.test(value)) {
      violations.push({ field: column, message: 'starts with =, +, -, @ and is not interpreted' });
      continue;
    }
    if (BOOLEANS.includes(column)) {
      const v = value.toLowerCase();
      if (TRUE.includes(v)) input[column] = true;
      else if (FALSE.includes(v)) input[column] = column === 'isFree' && v === '' ? undefined : false;
      else violations.push({ field: column, message: 'must be true or false' });
      continue;
    }
    if (INTEGERS.includes(column) || DECIMALS.includes(column)) {
      if (value === '') continue;
      const pattern = INTEGERS.includes(column) ? /^\d+$/ : /^\d+(\.\d+)?$/;
      if (!pattern.test(value))
        violations.push({ field: column, message: INTEGERS.includes(column) ? 'must be a whole number' : 'must be a number such as 12.50' });
      // A price stays text, so that it reaches the column exactly; a capacity is a number.
      else input[column] = INTEGERS.includes(column) ? Number(value) : value;
      continue;
    }
    input[column] = raw;
  }
  input['address'] = address;
  // An event without prices is free unless the file says otherwise.
  if (input['isFree'] === undefined) input['isFree'] = !DECIMALS.some((c) => typeof input[c] === 'string' && isPositiveDecimal(input[c]));
  return { input, violations };
}
