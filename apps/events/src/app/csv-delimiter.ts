import { columnOf } from '../domain/csv-row';

/** The separators a spreadsheet writes: a comma, a semicolon (Excel in many European locales) or a tab ("Unicode text"). */
export const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/**
 * The separator of a header line: the one that splits it into the most known column names, a comma
 * when none does. Column names hold none of the three, so the header decides without doubt, where
 * sampling data rows (csv-parse's delimiter_auto) is swayed by commas in descriptions.
 */
export function headerDelimiter(line: string): Delimiter {
  let best: Delimiter = ',';
  let bestKnown = 0;
  for (const delimiter of DELIMITERS) {
    const known = line.split(delimiter).filter((cell) => columnOf(cell.trim().replace(/^"(.*)"$/s, '$1')) !== undefined).length;
    if (known > bestKnown) {
      best = delimiter;
      bestKnown = known;
    }
  }
  return best;
}

/** The first line of `text` with anything but separators, quotes and blanks in it; only a finished line unless `ended`. */
function firstTextLine(text: string, ended: boolean): string | undefined {
  const lines = text.split(/\r\n|\r|\n/);
  const finished = ended ? lines : lines.slice(0, -1);
  return finished.find((line) => /[^\s,;"]/.test(line));
}

/**
 * Reads the text up to its header line (at most `maxChars` of it) to choose the separator, and
 * hands the whole text back, nothing lost. Closing the returned text closes the source.
 */
export async function withHeaderDelimiter(text: AsyncIterable<string>, maxChars: number): Promise<{ delimiter: Delimiter; text: AsyncIterable<string> }> {
  const source = text[Symbol.asyncIterator]();
  let read = '';
  let header: string | undefined;
  for (;;) {
    const next = await source.next();
    if (next.done) {
      header = firstTextLine(read, true);
      break;
    }
    read += next.value;
    if (/[\r\n]/.test(next.value)) header = firstTextLine(read, false);
    if (header !== undefined) break;
    if (read.length > maxChars) {
      header = read;
      break;
    }
  }
  async function* whole(): AsyncGenerator<string, void, undefined> {
    if (read) yield read;
    yield* { [Symbol.asyncIterator]: () => source };
  }
  return { delimiter: headerDelimiter(header ?? ''), text: whole() };
}
