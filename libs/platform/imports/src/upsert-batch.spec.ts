import { externalIdProblem, unchanged, upsertResponse } from './upsert-batch';

describe('the upsert batch rules', () => {
  it('sees a record as unchanged by value: dates by instant, JSON whatever its key order', () => {
    const current = { title: 'A', at: new Date('2026-01-01T00:00:00Z'), blocks: [{ type: 'p', text: 'x' }], tags: ['a'], slug: null };
    expect(unchanged(current, { title: 'A', at: new Date('2026-01-01T00:00:00.000Z'), blocks: [{ text: 'x', type: 'p' }], tags: ['a'], slug: undefined })).toBe(
      true,
    );
    expect(unchanged(current, { title: 'B' })).toBe(false);
    expect(unchanged(current, { tags: ['a', 'b'] })).toBe(false);
    expect(unchanged(current, { at: null })).toBe(false);
  });

  it('refuses a blank, long or repeated external id', () => {
    const seen = new Set<string>();
    expect(externalIdProblem('', seen)).toBe('externalId is required');
    expect(externalIdProblem('x'.repeat(101), seen)).toMatch(/100/);
    expect(externalIdProblem('7', seen)).toBeUndefined();
    expect(externalIdProblem('7', seen)).toBe('externalId appears twice in the batch');
  });

  it('counts each action', () => {
    const r = (action: 'CREATE' | 'UPDATE' | 'SKIP' | 'ERROR') => ({ externalId: '1', action, id: '', error: '' });
    expect(upsertResponse([r('CREATE'), r('UPDATE'), r('SKIP'), r('SKIP'), r('ERROR')])).toMatchObject({ created: 1, updated: 1, skipped: 2, failed: 1 });
  });
});
