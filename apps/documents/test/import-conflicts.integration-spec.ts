import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { documentsV1 } from '@platform/proto';
import { startServiceHarness } from '@platform/testing';
import { startDocuments } from '../src/main';

const startHarness = (env: NodeJS.ProcessEnv) =>
  startServiceHarness({ app: 'documents', label: 'documents_conflicts', start: startDocuments, client: documentsV1.DocumentsServiceClient, env });

const ORG = '6a7b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9d';
const IMPORTER = '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a';

type Folder = documentsV1.ImportedFolder;
type Doc = documentsV1.ImportedDocument;

const folder = (externalId: string, name: string, parentExternalId = ''): Folder => ({ externalId, name, parentExternalId });
const doc = (externalId: string, extra: Partial<Doc> = {}): Doc => ({
  externalId,
  name: `Document ${externalId}`,
  fileUrl: `https://legacy.example/wp-content/uploads/${externalId}.pdf`,
  fileName: '',
  mimeType: 'application/pdf',
  fileSize: '1000',
  access: 'MEMBERS_ONLY',
  folderExternalId: '',
  ...extra,
});

describe('imported folders and documents changed on the platform (CONFLICT)', () => {
  let h: Awaited<ReturnType<typeof startHarness>>;
  let dir: string;
  let admin: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'documents-conflicts-'));
    h = await startHarness({ STORAGE_LOCAL_DIR: dir });
    admin = h.tokens.org(ORG, 'ADMIN');
  });
  afterAll(async () => {
    await h?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const upsertFolders = (folders: Folder[]) => h.call('upsertFolders', { organizationId: ORG, folders }, h.tokens.service('connector'));
  const upsertDocuments = (documents: Doc[]) =>
    h.call('upsertDocuments', { organizationId: ORG, importedBy: IMPORTER, documents, copyFiles: false }, h.tokens.service('connector'));
  const actions = (reply: documentsV1.UpsertResponse) => reply.results.map((r) => r.action);
  const folderRow = async (id: string) =>
    (await h.sql<{ name: string; parent_folder_id: string | null }>('SELECT name, parent_folder_id FROM folders WHERE id = $1', [id]))[0];
  const documentRow = async (id: string) =>
    (await h.sql<{ name: string; access: string; remote_url: string }>('SELECT name, access, remote_url FROM documents WHERE id = $1', [id]))[0];

  describe('folders (renamed or moved by UpdateFolder)', () => {
    it('skips a folder unchanged at the source, and updates one changed only at the source', async () => {
      const created = await upsertFolders([folder('f-top', 'Reports'), folder('f-same', 'Same'), folder('f-source', 'Old name')]);
      expect(actions(created)).toEqual(['CREATE', 'CREATE', 'CREATE']);

      const next = await upsertFolders([folder('f-top', 'Reports'), folder('f-same', 'Same'), folder('f-source', 'New name', 'f-top')]);
      expect(actions(next)).toEqual(['SKIP', 'SKIP', 'UPDATE']);
      expect(await folderRow(next.results[2]!.id)).toEqual({ name: 'New name', parent_folder_id: created.results[0]!.id });
    });

    it('keeps a platform rename while the source is unchanged (SKIP), and answers CONFLICT keeping it when the source changed too', async () => {
      const [kept, both] = (await upsertFolders([folder('f-kept', 'Minutes'), folder('f-both', 'Board')])).results;
      await h.call('updateFolder', { organizationId: ORG, folderId: kept!.id, name: 'Minutes (platform)' }, admin);
      await h.call('updateFolder', { organizationId: ORG, folderId: both!.id, name: 'Board (platform)' }, admin);

      const reply = await upsertFolders([folder('f-kept', 'Minutes'), folder('f-both', 'Board (site)')]);
      expect(actions(reply)).toEqual(['SKIP', 'CONFLICT']);
      expect(reply).toMatchObject({ skipped: 1, conflicts: 1, updated: 0 });
      expect((await folderRow(kept!.id))?.name).toBe('Minutes (platform)');
      expect((await folderRow(both!.id))?.name).toBe('Board (platform)');
      // Still a CONFLICT at the next sync; once the two agree it is a SKIP, and the source leads again.
      expect(actions(await upsertFolders([folder('f-both', 'Board (site)')]))).toEqual(['CONFLICT']);
      expect(actions(await upsertFolders([folder('f-both', 'Board (platform)')]))).toEqual(['SKIP']);
      expect(actions(await upsertFolders([folder('f-both', 'Board (site)')]))).toEqual(['UPDATE']);
      expect((await folderRow(both!.id))?.name).toBe('Board (site)');
    });

    it('updates a folder imported before the hash was kept when the source changed it', async () => {
      const [row] = (await upsertFolders([folder('f-legacy', 'Legacy')])).results;
      await h.sql('UPDATE folders SET import_hash = NULL WHERE id = $1', [row!.id]);
      expect(actions(await upsertFolders([folder('f-legacy', 'Legacy')]))).toEqual(['SKIP']);
      await h.sql('UPDATE folders SET import_hash = NULL WHERE id = $1', [row!.id]);
      expect(actions(await upsertFolders([folder('f-legacy', 'Legacy renamed')]))).toEqual(['UPDATE']);
      expect((await folderRow(row!.id))?.name).toBe('Legacy renamed');
    });
  });

  describe('documents (name, access and folder)', () => {
    // No route edits a document's name, access or folder yet: the platform's edit is made in the table.
    const editOnPlatform = (id: string, name: string, access: string) => h.sql('UPDATE documents SET name = $2, access = $3 WHERE id = $1', [id, name, access]);

    it('skips a document unchanged at the source, and updates one changed only at the source', async () => {
      await upsertFolders([folder('d-folder', 'Documents')]);
      const created = await upsertDocuments([doc('d-same'), doc('d-source')]);
      expect(actions(created)).toEqual(['CREATE', 'CREATE']);

      const next = await upsertDocuments([doc('d-same'), doc('d-source', { name: 'Renamed at the source', access: 'PUBLIC', folderExternalId: 'd-folder' })]);
      expect(actions(next)).toEqual(['SKIP', 'UPDATE']);
      expect(await documentRow(created.results[1]!.id)).toMatchObject({ name: 'Renamed at the source', access: 'PUBLIC' });
    });

    it('keeps a platform edit while the source is unchanged (SKIP), and answers CONFLICT keeping it when the source changed too', async () => {
      const [kept, both] = (await upsertDocuments([doc('d-kept'), doc('d-both')])).results;
      await editOnPlatform(kept!.id, 'Edited on the platform', 'PRIVATE');
      await editOnPlatform(both!.id, 'Edited on the platform too', 'PRIVATE');

      const reply = await upsertDocuments([doc('d-kept'), doc('d-both', { name: 'Edited at the source', access: 'PUBLIC' })]);
      expect(actions(reply)).toEqual(['SKIP', 'CONFLICT']);
      expect(reply).toMatchObject({ skipped: 1, conflicts: 1, updated: 0 });
      expect(await documentRow(kept!.id)).toMatchObject({ name: 'Edited on the platform', access: 'PRIVATE' });
      expect(await documentRow(both!.id)).toMatchObject({ name: 'Edited on the platform too', access: 'PRIVATE' });
    });

    it('follows a new remote file of a document whose name the platform changed (the file has no platform version)', async () => {
      const [row] = (await upsertDocuments([doc('d-file')])).results;
      await editOnPlatform(row!.id, 'Kept name', 'MEMBERS_ONLY');
      const reply = await upsertDocuments([doc('d-file', { fileUrl: 'https://legacy.example/wp-content/uploads/d-file-v2.pdf' })]);
      expect(actions(reply)).toEqual(['UPDATE']);
      expect(await documentRow(row!.id)).toEqual({
        name: 'Kept name',
        access: 'MEMBERS_ONLY',
        remote_url: 'https://legacy.example/wp-content/uploads/d-file-v2.pdf',
      });
    });

    it('updates a document imported before the hash was kept when the source changed it', async () => {
      const [row] = (await upsertDocuments([doc('d-legacy')])).results;
      await h.sql('UPDATE documents SET import_hash = NULL, name = $2 WHERE id = $1', [row!.id, 'Changed before hashes']);
      const reply = await upsertDocuments([doc('d-legacy', { name: 'Changed at the source' })]);
      expect(actions(reply)).toEqual(['UPDATE']);
      expect((await documentRow(row!.id))?.name).toBe('Changed at the source');
      expect(actions(await upsertDocuments([doc('d-legacy', { name: 'Changed at the source' })]))).toEqual(['SKIP']);
    });
  });

  describe("the source's dates (post_date_gmt as createdAt, post_modified_gmt as updatedAt)", () => {
    const created = new Date('2023-04-05T06:07:08.000Z');
    const modified = new Date('2024-09-10T11:12:13.000Z');
    const later = new Date('2025-01-01T00:00:01.000Z');
    const dated = (externalId: string, extra: Partial<Doc> = {}) => doc(externalId, { sourceCreatedAt: created, sourceUpdatedAt: modified, ...extra });
    const shown = async (id: string) => {
      const read = await h.call('getDocument', { organizationId: ORG, docId: id }, admin);
      return { name: read.name, createdAt: read.createdAt, updatedAt: read.updatedAt };
    };

    it("shows a new document's createdAt and updatedAt as the source dates it", async () => {
      const [row] = (await upsertDocuments([dated('s-new')])).results;
      expect(await shown(row!.id)).toEqual({ name: 'Document s-new', createdAt: created.toISOString(), updatedAt: modified.toISOString() });
    });

    it('dates a document the source gives no dates for now, as an upload', async () => {
      const before = Date.now();
      const [row] = (await upsertDocuments([doc('s-undated')])).results;
      const { createdAt, updatedAt } = await shown(row!.id);
      for (const at of [createdAt, updatedAt]) expect(Date.parse(at)).toBeGreaterThanOrEqual(before - 1000);
    });

    it('answers SKIP for a newer modification date alone, keeping the updatedAt (the dates are not compared)', async () => {
      const [row] = (await upsertDocuments([dated('s-skip')])).results;
      expect(actions(await upsertDocuments([dated('s-skip', { sourceUpdatedAt: later })]))).toEqual(['SKIP']);
      expect((await shown(row!.id)).updatedAt).toBe(modified.toISOString());
    });

    it('takes the source updatedAt on UPDATE (name or file) and keeps the createdAt', async () => {
      const [renamed, refiled] = (await upsertDocuments([dated('s-name'), dated('s-file')])).results;
      const reply = await upsertDocuments([
        dated('s-name', { name: 'Renamed at the source', sourceCreatedAt: later, sourceUpdatedAt: later }),
        dated('s-file', { fileUrl: 'https://legacy.example/wp-content/uploads/s-file-v2.pdf', sourceUpdatedAt: later }),
      ]);
      expect(actions(reply)).toEqual(['UPDATE', 'UPDATE']);
      expect(await shown(renamed!.id)).toEqual({ name: 'Renamed at the source', createdAt: created.toISOString(), updatedAt: later.toISOString() });
      expect((await shown(refiled!.id)).updatedAt).toBe(later.toISOString());
    });

    it('does not take a platform edit for a source change when only the modification date moved (SKIP, the edit kept)', async () => {
      const [row] = (await upsertDocuments([dated('s-edited')])).results;
      await h.sql('UPDATE documents SET name = $2, updated_at = $3 WHERE id = $1', [row!.id, 'Edited on the platform', later]);
      expect(actions(await upsertDocuments([dated('s-edited', { sourceUpdatedAt: new Date('2026-01-01T00:00:00Z') })]))).toEqual(['SKIP']);
      expect(await shown(row!.id)).toEqual({ name: 'Edited on the platform', createdAt: created.toISOString(), updatedAt: later.toISOString() });
    });

    it('keeps the updatedAt when an import only records its hash (a document imported before hashes were kept)', async () => {
      const [row] = (await upsertDocuments([dated('s-hash')])).results;
      await h.sql('UPDATE documents SET import_hash = NULL WHERE id = $1', [row!.id]);
      expect(actions(await upsertDocuments([dated('s-hash', { sourceUpdatedAt: later })]))).toEqual(['SKIP']);
      expect((await h.sql<{ import_hash: string | null }>('SELECT import_hash FROM documents WHERE id = $1', [row!.id]))[0]?.import_hash).not.toBeNull();
      expect((await shown(row!.id)).updatedAt).toBe(modified.toISOString());
    });
  });
});
