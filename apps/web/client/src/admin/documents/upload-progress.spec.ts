import { flattenTree, folderTree, uploadProgress } from './upload-progress';

describe('upload progress', () => {
  it('counts sent bytes up to 99 % and reaches 100 % only when the server answered', () => {
    expect(uploadProgress(0, 1000, 0).percent).toBe(0);
    expect(uploadProgress(500, 1000, 1000)).toEqual({ percent: 50, loaded: 500, total: 1000, rate: 500, secondsLeft: 1 });
    expect(uploadProgress(1000, 1000, 2000).percent).toBe(99);
    expect(uploadProgress(1000, 1000, 2000, true)).toMatchObject({ percent: 100, secondsLeft: 0 });
  });

  it('copes with an unknown total, overshoot and no time elapsed', () => {
    expect(uploadProgress(300, 0, 0)).toEqual({ percent: 0, loaded: 300, total: 0, rate: 0, secondsLeft: undefined });
    expect(uploadProgress(1200, 1000, 100).percent).toBe(99);
    expect(uploadProgress(-5, 1000, 100).percent).toBe(0);
    expect(uploadProgress(999, 1000, 10).percent).toBe(99);
    expect(uploadProgress(10, 1000, 10).percent).toBe(1);
  });
});

describe('the folder tree', () => {
  it('nests folders under their parents, siblings by name, orphans at the top', () => {
    const tree = folderTree([
      { id: 'b', name: 'Board' },
      { id: 'm', name: 'Minutes', parentFolderId: 'b' },
      { id: 'a', name: 'Agendas', parentFolderId: 'b' },
      { id: 'x', name: 'Lost', parentFolderId: 'gone' },
      { id: 'c', name: 'Club' },
    ]);
    expect(flattenTree(tree).map((n) => [n.name, n.depth])).toEqual([
      ['Board', 0],
      ['Agendas', 1],
      ['Minutes', 1],
      ['Club', 0],
      ['Lost', 0],
    ]);
  });
});
