import { externalIdProblem, importBatch, importDecision, importHash, unchanged, upsertResponse } from './upsert-batch';

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
    const r = (action: 'CREATE' | 'UPDATE' | 'SKIP' | 'CONFLICT' | 'ERROR') => ({ externalId: '1', action, id: '', error: '' });
    expect(upsertResponse([r('CREATE'), r('UPDATE'), r('SKIP'), r('SKIP'), r('CONFLICT'), r('ERROR')])).toMatchObject({
      created: 1,
      updated: 1,
      skipped: 2,
      conflicts: 1,
      failed: 1,
    });
  });
});

describe('telling a platform change from a source change', () => {
  const imported = { title: 'A', at: new Date('2026-01-01T00:00:00Z'), tags: ['x'] };
  const stored = importHash(imported);

  it('hashes by value: key order, dates by instant, missing as null', () => {
    expect(importHash({ tags: ['x'], at: new Date('2026-01-01T00:00:00.000Z'), title: 'A' })).toBe(stored);
    expect(importHash({ a: undefined })).toBe(importHash({ a: null }));
    expect(importHash({ ...imported, title: 'B' })).not.toBe(stored);
  });

  it('skips what the source did not change, keeping a platform edit', () => {
    expect(importDecision({ ...imported, title: 'Edited on the platform' }, imported, stored)).toEqual({ action: 'SKIP', hash: stored });
  });

  it('updates a source change when the platform left the row as imported', () => {
    const wanted = { ...imported, title: 'Changed at the source' };
    expect(importDecision({ ...imported, updatedBySomethingElse: 1 }, wanted, stored)).toEqual({ action: 'UPDATE', hash: importHash(wanted) });
  });

  it('answers CONFLICT when both changed, keeping the stored hash', () => {
    expect(importDecision({ ...imported, title: 'Platform' }, { ...imported, title: 'Source' }, stored)).toEqual({ action: 'CONFLICT', hash: stored });
  });

  it('skips when both made the same change, with the new hash to store', () => {
    const same = { ...imported, title: 'Both' };
    expect(importDecision(same, same, stored)).toEqual({ action: 'SKIP', hash: importHash(same) });
  });

  it('updates a row imported before hashes were kept when it differs', () => {
    expect(importDecision({ ...imported, title: 'Old' }, imported, null)).toEqual({ action: 'UPDATE', hash: stored });
  });
});

describe('importBatch', () => {
  const logged: { obj: object; msg: string }[] = [];
  const logger = { info: (obj: object, msg: string) => void logged.push({ obj, msg }) };

  it('runs the upsert, answers the counts and logs them', async () => {
    const result = { externalId: '1', action: 'CREATE' as const, id: 'x', error: '' };
    const response = await importBatch('articles', [{}], { logger, context: { organizationId: 'o' } }, async () => [result]);
    expect(response).toEqual({ results: [result], created: 1, updated: 0, skipped: 0, conflicts: 0, failed: 0 });
    expect(logged).toEqual([{ obj: { organizationId: 'o', created: 1, updated: 0, skipped: 0, conflicts: 0, failed: 0 }, msg: 'articles upserted' }]);
  });

  it('refuses more than 500 records with a 400 naming the field, before running anything', async () => {
    let ran = false;
    await expect(
      importBatch('folders', Array.from({ length: 501 }), { logger, context: {} }, async () => {
        ran = true;
        return [];
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', violations: [{ field: 'folders', message: 'must have at most 500 records' }] });
    expect(ran).toBe(false);
  });
});
