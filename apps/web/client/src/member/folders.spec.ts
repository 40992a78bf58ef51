import { childFolders, folderTrail } from './folders';

const folders = [
  { id: 'a', name: 'Minutes', parentFolderId: null },
  { id: 'b', name: '2030', parentFolderId: 'a' },
  { id: 'c', name: 'Board', parentFolderId: 'b' },
  { id: 'd', name: 'Forms' },
];

describe('document folders', () => {
  it('lists the children of a folder (or the top), by name', () => {
    expect(childFolders(folders, undefined).map((f) => f.name)).toEqual(['Forms', 'Minutes']);
    expect(childFolders(folders, 'a').map((f) => f.id)).toEqual(['b']);
    expect(childFolders(folders, 'c')).toEqual([]);
  });

  it('gives the trail from the top to a folder, nothing for the top or an unknown one, and stops on a loop', () => {
    expect(folderTrail(folders, 'c').map((f) => f.id)).toEqual(['a', 'b', 'c']);
    expect(folderTrail(folders, undefined)).toEqual([]);
    expect(folderTrail(folders, 'zzz')).toEqual([]);
    const loop = [
      { id: 'x', name: 'X', parentFolderId: 'y' },
      { id: 'y', name: 'Y', parentFolderId: 'x' },
    ];
    expect(folderTrail(loop, 'x').map((f) => f.id)).toEqual(['y', 'x']);
  });
});
