import { ErrorCode, PlatformError } from '@platform/errors';
import { orderByOf, pagedEnvelope, parsePageQuery } from './paging';

const options = { sortable: ['name', 'createdAt'] as const, defaultSort: { field: 'createdAt', direction: 'desc' } as const };

function violationsOf(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).code).toBe(ErrorCode.VALIDATION_FAILED);
    return (error as PlatformError).violations;
  }
  throw new Error('expected a validation error');
}

describe('parsePageQuery', () => {
  it('defaults to the first page of 20 with the default sort', () => {
    expect(parsePageQuery({}, options)).toEqual({
      page: 0,
      size: 20,
      skip: 0,
      take: 20,
      sort: { field: 'createdAt', direction: 'desc' },
    });
  });

  it('reads numbers and digit strings from the query string', () => {
    expect(parsePageQuery({ page: '2', size: '50' }, options)).toMatchObject({ page: 2, size: 50, skip: 100, take: 50 });
    expect(parsePageQuery({ page: 3, size: 10 }, options)).toMatchObject({ page: 3, size: 10, skip: 30, take: 10 });
  });

  it('treats empty parameters as absent', () => {
    expect(parsePageQuery({ page: '', size: '', sort: '' }, options)).toMatchObject({ page: 0, size: 20 });
  });

  it('accepts a size of exactly 1 and exactly 100', () => {
    expect(parsePageQuery({ size: 1 }, options).size).toBe(1);
    expect(parsePageQuery({ size: '100' }, options).size).toBe(100);
  });

  it.each([['-1'], [-1], ['1.5'], [1.5], ['abc'], [true], [['1']]])('rejects page %p', (page) => {
    expect(violationsOf(() => parsePageQuery({ page }, options))).toEqual([{ field: 'page', message: expect.any(String) }]);
  });

  it.each([['0'], [0], ['101'], [1000], ['ten'], ['2.5']])('rejects size %p', (size) => {
    expect(violationsOf(() => parsePageQuery({ size }, options))).toEqual([{ field: 'size', message: expect.any(String) }]);
  });

  it('reads sort as field,direction with a case-insensitive direction defaulting to asc', () => {
    expect(parsePageQuery({ sort: 'name,DESC' }, options).sort).toEqual({ field: 'name', direction: 'desc' });
    expect(parsePageQuery({ sort: 'name, asc' }, options).sort).toEqual({ field: 'name', direction: 'asc' });
    expect(parsePageQuery({ sort: 'name' }, options).sort).toEqual({ field: 'name', direction: 'asc' });
  });

  it.each([['email,asc'], ['name,up'], ['name,asc,extra'], ['Name'], [42]])('rejects sort %p', (sort) => {
    expect(violationsOf(() => parsePageQuery({ sort }, options))).toEqual([{ field: 'sort', message: expect.any(String) }]);
  });

  it('reports every invalid parameter at once', () => {
    const violations = violationsOf(() => parsePageQuery({ page: -2, size: 500, sort: 'secret,asc' }, options));
    expect(violations.map((v) => v.field)).toEqual(['page', 'size', 'sort']);
  });
});

describe('pagedEnvelope', () => {
  it('wraps a page with the totals', () => {
    expect(pagedEnvelope(['a', 'b'], 42, { page: 2, size: 20 })).toEqual({
      content: ['a', 'b'],
      totalElements: 42,
      totalPages: 3,
      page: 2,
      size: 20,
    });
  });

  it('has no pages when there is nothing', () => {
    expect(pagedEnvelope([], 0, { page: 0, size: 20 })).toMatchObject({ totalElements: 0, totalPages: 0 });
  });
});

describe('orderByOf', () => {
  it('gives the Prisma orderBy for a sort', () => {
    expect(orderByOf({ field: 'name', direction: 'desc' })).toEqual({ name: 'desc' });
  });
});
