import { headerDelimiter, withHeaderDelimiter } from './csv-delimiter';

async function* pieces(...texts: string[]): AsyncIterable<string> {
  yield* texts;
}

const all = async (text: AsyncIterable<string>) => {
  let out = '';
  for await (const piece of text) out += piece;
  return out;
};

describe('the separator of an import file', () => {
  it('is the one that splits the header into known columns: comma, semicolon or tab', () => {
    expect(headerDelimiter('title,eventType,startDate,endDate')).toBe(',');
    expect(headerDelimiter('title;eventType;startDate;endDate')).toBe(';');
    expect(headerDelimiter('"title"\t"eventType"\tstartDate')).toBe('\t');
    expect(headerDelimiter('Title ; Address.City ; colour,size')).toBe(';');
  });

  it('is a comma when no separator gives a known column', () => {
    expect(headerDelimiter('title|eventType')).toBe(',');
    expect(headerDelimiter('')).toBe(',');
  });

  it('is read from the first line with text, past blank lines, and the text comes back whole', async () => {
    const source = pieces('\r\n  \r\n', 'title;event', 'Type;city\r\nSpring, in Ghent;IN_PERSON;Ghent\r\n');
    const { delimiter, text } = await withHeaderDelimiter(source, 1000);
    expect(delimiter).toBe(';');
    expect(await all(text)).toBe('\r\n  \r\ntitle;eventType;city\r\nSpring, in Ghent;IN_PERSON;Ghent\r\n');
  });

  it('stops looking after the record limit, and takes a header with no line end', async () => {
    expect((await withHeaderDelimiter(pieces('title;', 'x'.repeat(50), ';more'), 20)).delimiter).toBe(';');
    expect((await withHeaderDelimiter(pieces('title\teventType'), 100)).delimiter).toBe('\t');
  });
});
