import { PageCursors } from './page-cursors';

describe('page cursors', () => {
  it('gives the next page of the same pull the last id and total of the previous one', () => {
    const cursors = new PageCursors();
    const since = new Date('2025-01-01T00:00:00Z');
    cursors.remember('members', since, 200, 1, 200, 1000);
    const cursor = cursors.before('members', since, 200, 2);
    expect(cursor?.lastId).toBe(200);
    expect(cursors.totalOf(cursor)).toBe(1000);
    expect(cursors.before('members', since, 200, 3)).toBeUndefined();
    expect(cursors.before('members', undefined, 200, 2)).toBeUndefined();
    expect(cursors.before('members', since, 100, 2)).toBeUndefined();
    expect(cursors.before('post', since, 200, 2)).toBeUndefined();
    expect(cursors.before('members', since, 200, 1)).toBeUndefined();
  });

  it('stops reusing a total after a write', () => {
    const cursors = new PageCursors();
    cursors.remember('members', undefined, 50, 1, 50, 80);
    cursors.touched();
    const cursor = cursors.before('members', undefined, 50, 2);
    expect(cursor?.lastId).toBe(50);
    expect(cursors.totalOf(cursor)).toBeUndefined();
  });

  it('keeps at most the given number of entries, oldest out first', () => {
    const cursors = new PageCursors(2);
    for (let page = 1; page <= 3; page++) cursors.remember('members', undefined, 10, page, page * 10, 100);
    expect(cursors.before('members', undefined, 10, 2)).toBeUndefined();
    expect(cursors.before('members', undefined, 10, 4)?.lastId).toBe(30);
  });
});
