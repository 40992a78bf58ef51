import fc from 'fast-check';
import { PlatformError } from '@platform/errors';
import { readEventCsv } from './read-event-csv';

/** Fixed, so that a failure repeats; fast-check prints the seed and the shrunk case to replay it. */
const SEED = 20_261_129;
const RUNS = 400;

const GOOD = [
  'title,description,eventType,startDate,endDate,city,maxAttendees,basePrice,currency,isFree',
  '"Spring, meeting","First line\nsecond ""quoted"" line",IN_PERSON,2030-04-01T18:00:00Z,2030-04-01T20:00:00Z,Liège,50,12.50,EUR,false',
  'Café talk,,VIRTUAL,2030-05-01T18:00:00Z,2030-05-01T19:00:00Z,,,,,true',
  '',
  'Backwards,,IN_PERSON,2030-06-01T18:00:00Z,2030-06-01T17:00:00Z,Ghent,,,,',
  '"=HYPERLINK(""x"")",Zoë,HYBRID,2030-07-01T18:00:00Z,2030-07-01T20:00:00Z,Gent,10,5,EUR,',
].join('\r\n');

/** Bytes that break files most often: quotes, separators, line ends, NUL, a lone UTF-8 lead byte, a BOM. */
const NASTY = [[0x22], [0x2c], [0x3b], [0x09], [0x0a], [0x0d], [0x00], [0xc3], [0xff], [0xef, 0xbb, 0xbf], [0xff, 0xfe]];

type Mutation = (bytes: Buffer) => Buffer;
const at = (bytes: Buffer, where: number) => Math.floor(where * (bytes.length + 1));

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ where: fc.double({ min: 0, max: 1, noNaN: true }), byte: fc.integer({ min: 0, max: 255 }) }).map(({ where, byte }) => (bytes: Buffer) => {
    const out = Buffer.from(bytes);
    if (out.length > 0) out[Math.min(at(out, where), out.length - 1)] = byte;
    return out;
  }),
  fc.record({ where: fc.double({ min: 0, max: 1, noNaN: true }), nasty: fc.constantFrom(...NASTY) }).map(({ where, nasty }) => (bytes: Buffer) => {
    const cut = at(bytes, where);
    return Buffer.concat([bytes.subarray(0, cut), Buffer.from(nasty), bytes.subarray(cut)]);
  }),
  fc.double({ min: 0, max: 1, noNaN: true }).map((where) => (bytes: Buffer) => bytes.subarray(0, at(bytes, where))),
  fc.record({ from: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.integer({ min: 1, max: 40 }) }).map(({ from, length }) => (bytes: Buffer) => {
    const cut = at(bytes, from);
    return Buffer.concat([bytes.subarray(0, cut), bytes.subarray(cut + length)]);
  }),
  fc.constantFrom(';', '\t', '|', '').map((separator) => (bytes: Buffer) => Buffer.from(bytes.toString('latin1').replaceAll(',', separator), 'latin1')),
  fc.constantFrom('utf16le', 'latin1').map((encoding) => (bytes: Buffer) => {
    const text = bytes.toString('utf8');
    return encoding === 'utf16le' ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]) : Buffer.from(text, 'latin1');
  }),
);

async function* chunksOf(bytes: Buffer, size: number): AsyncIterable<Uint8Array> {
  for (let from = 0; from < bytes.length; from += size) yield bytes.subarray(from, from + size);
}

/** Whole-file reasons with no line to name (the file has none, or the problem is the whole of it). */
const WHOLE_FILE = /^(is empty: |has no event rows$|must have at most \d+ rows$|is an? [A-Z0-9]+ file)/;

const settled = <T>(work: Promise<T>, ms: number): Promise<T> =>
  Promise.race([work, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);

describe('reading mutated import files (fuzz)', () => {
  it('resolves with a reading or refuses with a 400 naming the line, never another error, never a hang', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 300 }), async (mutations, size) => {
        const bytes = mutations.reduce<Buffer>((file, mutate) => mutate(file), Buffer.from(GOOD, 'utf8'));
        try {
          const reading = await settled(readEventCsv(chunksOf(bytes, size)), 2_000);
          for (const row of [...reading.valid, ...reading.rejected]) expect(Number.isInteger(row.row) && row.row >= 2).toBe(true);
          for (const rejected of reading.rejected) expect(rejected.errors.length).toBeGreaterThan(0);
        } catch (err) {
          if (!(err instanceof PlatformError)) throw err;
          expect(err.code).toBe('VALIDATION_FAILED');
          expect(err.violations.length).toBeGreaterThan(0);
          for (const v of err.violations) {
            expect(v.field).toBe('file');
            expect(v.message).toMatch(/^line \d+: /.test(v.message) ? /^line [1-9]\d*: / : WHOLE_FILE);
          }
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
