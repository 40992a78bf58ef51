/** A single byte range as the request asked for it (resolved against the size by the service). */
export interface RequestedRange {
  start?: number;
  end?: number;
  suffix?: number;
}

const SINGLE = /^bytes=(\d{0,15})-(\d{0,15})$/i;

/**
 * `Range: bytes=a-b`, `bytes=a-`, `bytes=-n`. Anything else (another unit, several ranges, a
 * malformed or reversed range) is ignored, as RFC 9110 allows: the answer is the whole file.
 */
export function parseRangeHeader(header: string | undefined): RequestedRange | undefined {
  if (!header) return undefined;
  const match = SINGLE.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') return { suffix: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  return end < start ? undefined : { start, end };
}
