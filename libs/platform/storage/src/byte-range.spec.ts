import { resolveRange } from './byte-range';

describe('resolveRange', () => {
  it('resolves a closed range', () => expect(resolveRange({ start: 10, end: 19 }, 100)).toEqual({ start: 10, end: 19 }));
  it('cuts an end past the object', () => expect(resolveRange({ start: 90, end: 500 }, 100)).toEqual({ start: 90, end: 99 }));
  it('reads an open range to the end', () => expect(resolveRange({ start: 50 }, 100)).toEqual({ start: 50, end: 99 }));
  it('reads a suffix', () => expect(resolveRange({ suffix: 10 }, 100)).toEqual({ start: 90, end: 99 }));
  it('reads the whole object for a long suffix', () => expect(resolveRange({ suffix: 1000 }, 100)).toEqual({ start: 0, end: 99 }));
  it('refuses a start past the end', () => expect(resolveRange({ start: 100 }, 100)).toBeUndefined());
  it('refuses any range of an empty object', () => expect(resolveRange({ start: 0 }, 0)).toBeUndefined());
  it('refuses a zero suffix', () => expect(resolveRange({ suffix: 0 }, 10)).toBeUndefined());
});
