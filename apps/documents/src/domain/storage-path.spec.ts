import { assetPathOf, parseAssetPath, parseStoragePath, safeFileName, storagePathOf } from './storage-path';

const org = '0b2f7a52-6a47-4e3c-9f39-7d3f1f0c2a11';
const doc = '5c1b4b9e-3d7a-4c55-a3f1-0f8c2b6f9e01';

describe('storage paths', () => {
  it('round-trips a document path', () => {
    expect(parseStoragePath(storagePathOf(org, doc, 'Annual report 2024.pdf'))).toEqual({
      organizationId: org,
      documentId: doc,
      name: 'Annual_report_2024.pdf',
    });
  });

  it.each([
    `${org}/${doc}/../../etc/passwd`,
    `${org}/../${doc}/x`,
    `../${org}/${doc}/x`,
    `${org}/${doc}/..`,
    `${org}/${doc}/%2e%2e`,
    `${org}/${doc}/.hidden`,
    `${org}/${doc}`,
    `${org}/${doc}/a/b`,
    `${org}/not-a-uuid/x`,
    `${org}/${doc}/a\\b`,
  ])('refuses %j', (path) => {
    expect(parseStoragePath(path)).toBeUndefined();
  });

  it('makes a safe name of anything', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\x\\été.docx')).toBe('ete.docx');
    expect(safeFileName('...')).toBe('file');
  });

  it('round-trips an asset path and refuses anything else', () => {
    expect(parseAssetPath(assetPathOf(org, doc))).toEqual({ organizationId: org, assetId: doc });
    expect(parseAssetPath(`${org}/assets/${doc}/x`)).toBeUndefined();
    expect(parseAssetPath(`${org}/assets/../${doc}`)).toBeUndefined();
    expect(parseStoragePath(assetPathOf(org, doc))).toBeUndefined();
  });
});
