import { hashToKeep, skipsUnchanged, sourceHash } from './source-hash';

describe('the fingerprint of a sent record', () => {
  const settings = { copyImages: false, copyDocumentFiles: false };
  const record = { externalId: '7', title: 'A', at: new Date('2026-01-01T00:00:00Z'), tags: ['x'] };

  it('is the same for the same mapped record and differs when a field or a copy setting does', () => {
    expect(sourceHash({ ...record }, settings)).toBe(sourceHash(record, settings));
    expect(sourceHash({ ...record, title: 'B' }, settings)).not.toBe(sourceHash(record, settings));
    expect(sourceHash({ ...record, at: new Date('2026-01-01T00:00:01Z') }, settings)).not.toBe(sourceHash(record, settings));
    expect(sourceHash(record, { ...settings, copyImages: true })).not.toBe(sourceHash(record, settings));
    expect(sourceHash(record, { ...settings, copyDocumentFiles: true })).not.toBe(sourceHash(record, settings));
  });

  it('is kept when the platform took the record as sent, dropped after a CONFLICT, a failure or an image not copied', () => {
    expect(['CREATE', 'UPDATE', 'SKIP'].map((a) => hashToKeep(a as never, 'h', true))).toEqual(['h', 'h', 'h']);
    expect(hashToKeep('CONFLICT', 'h', true)).toBeNull();
    expect(hashToKeep('FAILED', 'h', true)).toBeNull();
    expect(hashToKeep('CREATE', 'h', false)).toBeNull();
  });

  it('lets FULL_SYNC and INCREMENTAL skip unchanged records, never INITIAL_IMPORT', () => {
    expect(['INITIAL_IMPORT', 'FULL_SYNC', 'INCREMENTAL'].map(skipsUnchanged)).toEqual([false, true, true]);
  });
});
