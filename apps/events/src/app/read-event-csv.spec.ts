import { readEventCsv } from './read-event-csv';

async function* chunksOf(text: string, size = 7): AsyncIterable<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const HEADER = 'title,eventType,startDate,endDate,city,maxAttendees,basePrice,currency,isFree';
const GOOD = '"Spring, meeting",IN_PERSON,2030-04-01T18:00:00Z,2030-04-01T20:00:00Z,Ghent,50,12.50,EUR,false';

describe('reading an import file', () => {
  it('reads the rows of a streamed file, quoted cells and a BOM included', async () => {
    const reading = await readEventCsv(chunksOf(`\uFEFF${HEADER}\r\n${GOOD}\r\n`));
    expect(reading.rejected).toEqual([]);
    expect(reading.valid).toHaveLength(1);
    expect(reading.valid[0]).toMatchObject({
      row: 2,
      fields: { title: 'Spring, meeting', eventType: 'IN_PERSON', maxAttendees: 50, basePrice: '12.5', currency: 'EUR', address: { city: 'Ghent' } },
    });
  });

  it('imports the good rows and reports every rejected row with its line and reasons', async () => {
    const text = [
      HEADER,
      GOOD,
      'No end,IN_PERSON,2030-04-01T18:00:00Z,2030-04-01T17:00:00Z,,,,,',
      'Bad type,PARTY,2030-04-01T18:00:00Z,2030-04-01T20:00:00Z,,abc,,,',
      GOOD.replace('Spring, meeting', 'Second'),
    ].join('\n');
    const reading = await readEventCsv(chunksOf(text));
    expect(reading.valid.map((v) => v.row)).toEqual([2, 5]);
    expect(reading.rejected).toEqual([
      { row: 3, errors: [{ field: 'endDate', message: 'must be after startDate' }] },
      { row: 4, errors: [{ field: 'maxAttendees', message: 'must be a whole number' }] },
    ]);
  });

  it('never interprets formula cells: text keeps them verbatim, typed columns refuse them', async () => {
    const text = [HEADER, '"=HYPERLINK(""http://evil"")",IN_PERSON,2030-04-01T18:00:00Z,2030-04-01T20:00:00Z,@city,-5,+1,EUR,false'].join('\n');
    const reading = await readEventCsv(chunksOf(text));
    expect(reading.valid).toEqual([]);
    expect(reading.rejected[0]!.errors).toEqual([
      { field: 'maxAttendees', message: 'starts with =, +, -, @ and is not interpreted' },
      { field: 'basePrice', message: 'starts with =, +, -, @ and is not interpreted' },
    ]);
    const ok = await readEventCsv(chunksOf([HEADER, '=1+2,IN_PERSON,2030-04-01T18:00:00Z,2030-04-01T20:00:00Z,@city,,,,'].join('\n')));
    expect(ok.valid[0]!.fields).toMatchObject({ title: '=1+2', address: { city: '@city' } });
  });

  it('refuses the whole file for an unknown or missing column, broken quoting, or too many rows', async () => {
    await expect(readEventCsv(chunksOf('title,colour\nx,red\n'))).rejects.toMatchObject({
      violations: expect.arrayContaining([expect.objectContaining({ message: expect.stringContaining('unknown column "colour"') })]),
    });
    await expect(readEventCsv(chunksOf(`${HEADER}\n"unclosed,IN_PERSON\n`))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(readEventCsv(chunksOf([HEADER, GOOD, GOOD, GOOD].join('\n')), { maxRows: 2, maxRecordBytes: 1000 })).rejects.toMatchObject({
      violations: [{ field: 'file', message: 'must have at most 2 rows' }],
    });
    await expect(readEventCsv(chunksOf(''))).rejects.toMatchObject({
      violations: [{ field: 'file', message: 'is empty: its first line must name the columns' }],
    });
    await expect(readEventCsv(chunksOf(`${HEADER}\r\n\r\n`))).rejects.toMatchObject({ violations: [{ field: 'file', message: 'has no event rows' }] });
  });

  it('names a row that runs over several lines by the line it starts on', async () => {
    const text = [
      'title,description,eventType,startDate,endDate',
      'Spring,"one\ntwo\nthree",IN_PERSON,2030-04-01T18:00:00Z,2030-04-01T20:00:00Z',
      'Bad,,PARTY,2030-04-01T18:00:00Z,2030-04-01T20:00:00Z',
    ];
    const reading = await readEventCsv(chunksOf(text.join('\r\n')));
    expect(reading.valid.map((v) => [v.row, v.fields.description])).toEqual([[2, 'one\ntwo\nthree']]);
    expect(reading.rejected.map((r) => r.row)).toEqual([5]);
  });

  it("passes on a failure of the upload itself (not the file's fault) and reads no further", async () => {
    let pulled = 0;
    async function* failing(): AsyncIterable<Uint8Array> {
      yield Buffer.from(`${HEADER}\n${GOOD}\n`);
      pulled += 1;
      throw Object.assign(new Error('the client cancelled the call'), { code: 1 });
    }
    await expect(readEventCsv(failing())).rejects.toMatchObject({ message: 'the client cancelled the call', code: 1 });
    expect(pulled).toBe(1);
  });

  it('stops pulling the upload once the file is refused', async () => {
    let served = 0;
    async function* endless(): AsyncIterable<Uint8Array> {
      yield Buffer.from('title;colour\n');
      for (;;) {
        served += 1;
        yield Buffer.from('x;red\n');
      }
    }
    await expect(readEventCsv(endless())).rejects.toMatchObject({
      violations: expect.arrayContaining([{ field: 'file', message: expect.stringContaining('line 1: unknown column "colour"') }]),
    });
    const after = served;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(served).toBe(after);
  });
});
