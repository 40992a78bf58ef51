import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PlatformError } from '@platform/errors';
import { readEventCsv, type CsvLimits } from './read-event-csv';

/** One small file per way a file can be wrong (or odd but readable), named by what it is. */
const CORPUS = join(__dirname, 'csv-corpus');
/** A small record limit, so that the files over it stay small. */
const LIMITS: CsvLimits = { maxRows: 100, maxRecordBytes: 4096 };

const SAVE_AS = 'save it from the spreadsheet as "CSV UTF-8"';
const NOT_UTF8 = (byte: string) => `is not UTF-8 text (byte 0x${byte}): the file is saved in another encoding, such as Windows-1252 or Latin-1; ${SAVE_AS}`;
const NUL = `contains a NUL character, which text never has: the file is binary, or UTF-16 without its byte order mark; ${SAVE_AS}`;

/** Files refused whole (400, nothing imported): the first violation's message. */
const REFUSED: Record<string, string> = {
  'stray-quote-in-unquoted-field.csv':
    'line 3: a quote inside a field that does not start with one; put the whole field in quotes and write the quote twice ("12"" screen")',
  'unclosed-quote-at-end-of-file.csv': 'line 4: a quoted field is not closed: a " opens it and no " ends it before the end of the file',
  'quote-followed-by-garbage.csv': 'line 2: a quoted field goes on after its closing quote; a quote inside a quoted field is written twice ("")',
  'unescaped-quotes-inside-quoted-field.csv': 'line 3: a quoted field goes on after its closing quote; a quote inside a quoted field is written twice ("")',
  'quote-left-open-runs-past-limit.csv': 'line 3: the row is longer than 4096 bytes and runs over several lines: is a quote left open?',
  'row-over-record-limit.csv': 'line 3: the row is longer than 4096 bytes',
  'invalid-utf8-byte.csv': `line 3: ${NOT_UTF8('FF')}`,
  'latin1-text.csv': `line 2: ${NOT_UTF8('E8')}`,
  'windows-1252-semicolons.csv': `line 3: ${NOT_UTF8('E9')}`,
  'utf8-cut-in-a-character.csv': `line 3: ${NOT_UTF8('C3')}`,
  'utf16le-cut-in-a-character.csv': `line 3: is not valid UTF-16LE text; ${SAVE_AS}`,
  'nul-byte.csv': `line 2: ${NUL}`,
  'utf16le-without-bom.csv': `line 1: ${NUL}`,
  'png-image-renamed.csv': `is a PNG file, not CSV text: ${SAVE_AS}`,
  'xlsx-workbook-renamed.csv': `is a ZIP file (a spreadsheet workbook is one), not CSV text: ${SAVE_AS}`,
  'empty.csv': 'is empty: its first line must name the columns',
  'only-blank-lines.csv': 'is empty: its first line must name the columns',
  'header-only.csv': 'has no event rows',
  'duplicate-column.csv': 'line 1: column title appears twice',
  'unknown-column.csv': 'line 1: unknown column "colour"; columns: title, description,',
  'unknown-column-after-blank-lines.csv': 'line 3: unknown column "colour"',
  'pipe-separated.csv': 'line 1: unknown column "title|eventType|startDate|endDate|city"',
};

/** Files read: the lines and titles of the rows imported, and the lines and reasons of the rows rejected. */
const READ: Record<string, { valid: Array<[number, string]>; rejected?: Array<[number, string]> }> = {
  'semicolon-separated.csv': {
    valid: [
      [2, 'Spring'],
      [3, 'Supper; then a talk'],
    ],
  },
  'tab-separated.csv': {
    valid: [
      [2, 'Spring'],
      [3, 'Two, with a comma'],
    ],
  },
  'utf16le-bom-tabs-excel-unicode-text.csv': { valid: [[2, 'Café']] },
  'utf16be-bom.csv': { valid: [[2, 'Zoë']] },
  'utf8-bom.csv': { valid: [[2, 'Spring']] },
  'cr-only-line-ends.csv': {
    valid: [
      [2, 'Spring'],
      [3, 'Summer'],
    ],
  },
  'ragged-rows.csv': {
    valid: [
      [2, 'Spring'],
      [5, 'Trailing'],
    ],
    rejected: [
      [3, 'has 3 cells where the header has 5 columns'],
      [4, 'has 6 cells where the header has 5 columns (a value holding the separator must be in quotes)'],
    ],
  },
  'trailing-separators.csv': {
    valid: [
      [2, 'Spring'],
      [3, 'Summer'],
    ],
  },
  'blank-and-separator-only-lines.csv': {
    valid: [
      [3, 'Spring'],
      [6, 'Summer'],
    ],
  },
  'multi-line-quoted-field.csv': { valid: [[2, 'Spring']], rejected: [[4, 'must be one of IN_PERSON, VIRTUAL, HYBRID, CONFERENCE']] },
};

async function* chunksOf(bytes: Buffer, size: number): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const outcome = async (bytes: Buffer, size: number) => {
  try {
    const reading = await readEventCsv(chunksOf(bytes, size), LIMITS);
    return {
      valid: reading.valid.map((v) => [v.row, v.fields.title]),
      rejected: reading.rejected.map((r) => [r.row, r.errors.map((e) => e.message).join('; ')]),
    };
  } catch (err) {
    if (!(err instanceof PlatformError)) throw err;
    return { code: err.code, violations: err.violations };
  }
};

describe('the corpus of broken and odd import files', () => {
  const files = readdirSync(CORPUS).sort();

  it('has an expectation for every file, and a file for every expectation', () => {
    expect(files).toEqual([...Object.keys(REFUSED), ...Object.keys(READ)].sort());
  });

  it.each(Object.entries(REFUSED))('refuses %s whole, saying why and where', async (name, message) => {
    const result = await outcome(readFileSync(join(CORPUS, name)), 7);
    expect(result).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((result as { violations: Array<{ field: string; message: string }> }).violations[0]).toEqual({
      field: 'file',
      message: expect.stringContaining(message),
    });
  });

  it.each(Object.entries(READ))('reads %s', async (name, expected) => {
    const result = await outcome(readFileSync(join(CORPUS, name)), 7);
    expect(result).toEqual({ valid: expected.valid, rejected: expected.rejected ?? [] });
  });

  it('gives the same answer however the upload is cut into chunks', async () => {
    for (const name of files) {
      const bytes = readFileSync(join(CORPUS, name));
      const whole = await outcome(bytes, bytes.length || 1);
      for (const size of [1, 2, 3, 64 * 1024]) expect({ name, size, result: await outcome(bytes, size) }).toEqual({ name, size, result: whole });
    }
  });
});
