import { RetryQuarantine } from './retry-quarantine';

describe('RetryQuarantine', () => {
  it('holds a failed row back for a delay that grows with each failure', () => {
    let now = 0;
    const q = new RetryQuarantine(() => now, { baseMs: 1000, maxMs: 60_000 });
    q.hold('a');
    expect(q.held()).toEqual(['a']);
    now = 1000;
    expect(q.held()).toEqual([]);
    q.hold('a');
    now = 2999;
    expect(q.held()).toEqual(['a']);
    now = 3000;
    expect(q.held()).toEqual([]);
  });

  it('lets a published row go', () => {
    const q = new RetryQuarantine(() => 0);
    q.hold('a');
    q.release('a');
    expect(q.held()).toEqual([]);
  });

  it('stays bounded', () => {
    const q = new RetryQuarantine(() => 0, { baseMs: 1000, maxMs: 60_000 }, 2);
    ['a', 'b', 'c'].forEach((id) => q.hold(id));
    expect(q.held()).toEqual(['a', 'b']);
  });
});
