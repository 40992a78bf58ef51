import { legacyDocument, legacyFolder, type PlatformFolder } from './documents';

const folders = new Map<string, PlatformFolder>([
  ['f-root', { id: 'f-root', name: 'Policy', parentFolderId: null }],
  ['f-child', { id: 'f-child', name: 'Safety & Health', parentFolderId: 'f-root' }],
  ['f-loop', { id: 'f-loop', name: 'Loop', parentFolderId: 'f-loop' }],
]);

describe('a document in the old app’s shape', () => {
  it('gives the file as an absolute URL on the host the app called, its type, and its folder with the path from the top', () => {
    const doc = legacyDocument(
      {
        id: 'd1',
        name: 'Annual report.PDF',
        fileUrl: '/api/storage/org/d1/report.pdf?expires=1&signature=abc',
        mimeType: 'application/pdf',
        folderId: 'f-child',
        createdAt: '2026-01-05T10:00:00.000Z',
        updatedAt: '',
      },
      folders,
      'https://members.acme.org',
    );
    expect(doc).toEqual({
      id: 'd1',
      type: 'document',
      status: 'publish',
      title: 'Annual report.PDF',
      slug: null,
      date: '2026-01-05T10:00:00+00:00',
      modified: '2026-01-05T10:00:00+00:00',
      link: null,
      featured_image: null,
      description: '',
      file_url: 'https://members.acme.org/api/storage/org/d1/report.pdf?expires=1&signature=abc',
      file_type: 'pdf',
      mime_type: 'application/pdf',
      folder: { id: 'f-child', name: 'Safety & Health', path: ['Policy', 'Safety & Health'] },
    });
  });

  it('has no folder for a document at the top, and stops at a folder that is its own parent', () => {
    expect(legacyDocument({ id: 'd2', name: 'x' }, folders, 'http://h').folder).toBeNull();
    expect(legacyDocument({ id: 'd3', name: 'x', folderId: 'f-loop' }, folders, 'http://h').folder).toEqual({ id: 'f-loop', name: 'Loop', path: ['Loop'] });
  });

  it('lists folders as the site listed its folder terms', () => {
    expect(legacyFolder(folders.get('f-child')!)).toEqual({
      id: 'f-child',
      name: 'Safety & Health',
      slug: 'safety-health',
      parent: 'f-root',
      taxonomy: 'document_folder',
    });
    expect(legacyFolder(folders.get('f-root')!).parent).toBe(0);
  });
});
