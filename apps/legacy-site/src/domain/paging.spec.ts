import { LegacyError } from './errors';
import { parsePaging, syncPage } from './paging';

describe('sync paging', () => {
  it('defaults to page 1 of 50', () => {
    expect(parsePaging(undefined, undefined)).toEqual({ page: 1, perPage: 50, offset: 0 });
  });

  it('computes the offset of a page', () => {
    expect(parsePaging('3', '200')).toEqual({ page: 3, perPage: 200, offset: 400 });
  });

  it.each([
    ['0', '50'],
    ['1', '0'],
    ['1', '201'],
    ['x', '50'],
    ['1', '2.5'],
    ['-1', '50'],
  ])('refuses page=%s per_page=%s', (page, perPage) => {
    expect(() => parsePaging(page, perPage)).toThrow(LegacyError);
  });

  it('honours a smaller maximum for app lists', () => {
    expect(() => parsePaging('1', '101', 100)).toThrow(LegacyError);
  });

  it('wraps data in the envelope with total_pages rounded up, 0 when empty', () => {
    expect(syncPage([1, 2], 401, { page: 1, perPage: 200, offset: 0 })).toEqual({ data: [1, 2], total: 401, page: 1, per_page: 200, total_pages: 3 });
    expect(syncPage([], 0, { page: 1, perPage: 50, offset: 0 }).total_pages).toBe(0);
  });
});
