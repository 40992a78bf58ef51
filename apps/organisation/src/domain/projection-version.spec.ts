import { parseVersion } from './projection-version';

describe('account projection versions', () => {
  it('reads ISO versions, falling back when one is empty or unreadable', () => {
    const fallback = new Date('2030-01-01T00:00:00Z');
    expect(parseVersion('2026-05-01T10:00:00.000Z', fallback)).toEqual(new Date('2026-05-01T10:00:00.000Z'));
    expect(parseVersion('', fallback)).toBe(fallback);
    expect(parseVersion('yesterday', fallback)).toBe(fallback);
  });
});
