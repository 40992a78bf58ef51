import { isLive, live, softDeleteData, whereLive } from './soft-delete';

describe('soft delete helpers', () => {
  it('adds the not-deleted condition to a where input', () => {
    expect(whereLive({ email: 'a@example.org' })).toEqual({ email: 'a@example.org', deletedAt: null });
    expect({ ...live, id: '1' }).toEqual({ id: '1', deletedAt: null });
  });

  it('soft-deletes at the given instant and tells live rows apart', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    expect(softDeleteData(now)).toEqual({ deletedAt: now });
    expect(isLive({ deletedAt: null })).toBe(true);
    expect(isLive({ deletedAt: now })).toBe(false);
  });
});
