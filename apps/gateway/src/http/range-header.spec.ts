import { parseRangeHeader } from './range-header';

describe('parseRangeHeader', () => {
  it('reads a closed range', () => expect(parseRangeHeader('bytes=0-99')).toEqual({ start: 0, end: 99 }));
  it('reads an open range', () => expect(parseRangeHeader('bytes=100-')).toEqual({ start: 100 }));
  it('reads a suffix range', () => expect(parseRangeHeader('bytes=-500')).toEqual({ suffix: 500 }));
  it.each([undefined, '', 'bytes=-', 'items=0-1', 'bytes=5-1', 'bytes=0-1,5-9', 'bytes=a-b', 'bytes=1234567890123456-'])('ignores %j', (header) => {
    expect(parseRangeHeader(header)).toBeUndefined();
  });
});
