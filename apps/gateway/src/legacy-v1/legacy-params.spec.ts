import type { Request } from 'express';
import { LegacyError } from './legacy-error';
import { idParam, legacyList, legacyPaging, legacyParams, platformPage, stringParam } from './legacy-params';

const refusal = (run: () => unknown): LegacyError => {
  try {
    run();
  } catch (err) {
    if (err instanceof LegacyError) return err;
    throw err;
  }
  throw new Error('expected a LegacyError');
};

describe('the old app’s parameters', () => {
  it('reads the query and the body alike, the body winning', () => {
    const req = { query: { page: '2', search: 'gala' }, body: { search: 'dinner', per_page: 5 } } as unknown as Request;
    expect(legacyParams(req)).toEqual({ page: '2', search: 'dinner', per_page: 5 });
    expect(legacyParams({ query: { a: '1' }, body: undefined } as unknown as Request)).toEqual({ a: '1' });
  });

  it('maps the 1-based page and per_page to the platform’s 0-based page and size', () => {
    expect(platformPage(legacyPaging({}))).toEqual({ page: 0, size: 20 });
    expect(platformPage(legacyPaging({ page: '3', per_page: 10 }))).toEqual({ page: 2, size: 10 });
  });

  it('answers 400 rest_invalid_param naming a bad page or per_page', () => {
    for (const params of [{ page: '0' }, { page: 'two' }, { per_page: '101' }, { per_page: -1 }, { page: '1.5' }]) {
      const err = refusal(() => legacyPaging(params));
      expect(err.toBody()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: expect.any(Object) } });
      expect(Object.keys(err.extra.params ?? {})).toEqual([Object.keys(params)[0]]);
    }
  });

  it('builds the legacy list envelope from a platform page', () => {
    const page = legacyList({ content: [{ n: 1 }, { n: 2 }], totalElements: 45, totalPages: 3 }, { page: 2, perPage: 20 }, (x) => x.n);
    expect(page).toEqual({ data: [1, 2], total: 45, page: 2, per_page: 20, total_pages: 3 });
    expect(legacyList({}, { page: 1, perPage: 20 }, (x) => x)).toEqual({ data: [], total: 0, page: 1, per_page: 20, total_pages: 0 });
  });

  it('answers an id that is not a platform id (an old integer id) as not found', () => {
    const notFound = new LegacyError('POST_NOT_FOUND', 'Invalid post ID.');
    expect(idParam({ id: '4B1C2F1E-58A4-4D3B-9C6E-2F0A1B3C4D5E' }, notFound)).toBe('4b1c2f1e-58a4-4d3b-9c6e-2f0a1b3c4d5e');
    expect(idParam({}, notFound)).toBeUndefined();
    expect(refusal(() => idParam({ id: 42 }, notFound))).toBe(notFound);
  });

  it('refuses an object where text is expected', () => {
    expect(refusal(() => stringParam({ search: { $ne: '' } }, 'search')).toBody()).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { search: expect.any(String) } },
    });
  });
});
