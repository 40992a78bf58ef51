import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { status } from '@grpc/grpc-js';
import { documentsV1 } from '@platform/proto';
import { startServiceHarness } from '@platform/testing';
import { startDocuments } from '../src/main';
import { EXE, GIF, PDF, PNG, SVG, download, fromUrl, upload, uploadAssetFile } from './support';

const S3rver = require('s3rver') as new (options: object) => { run(): Promise<{ port: number }>; close(): Promise<void> };

const ORG = '4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b';
const IMPORTER = '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a';

const startHarness = (env: NodeJS.ProcessEnv, label: string) =>
  startServiceHarness({ app: 'documents', label, start: startDocuments, client: documentsV1.DocumentsServiceClient, env });

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** A stand-in for a legacy site's files: a PDF, a redirect to it, one to a refused address, an executable, a 404. */
async function remoteSite(): Promise<{ port: number; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/files/report.pdf') return void res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
    if (req.url === '/moved') return void res.writeHead(302, { location: '/files/report.pdf' }).end();
    if (req.url === '/elsewhere') return void res.writeHead(302, { location: 'http://127.0.0.1/admin' }).end();
    if (req.url === '/tool.exe') return void res.writeHead(200, { 'content-type': 'application/pdf' }).end(EXE);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function eventually(check: () => Promise<boolean>, tries = 100): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

const storageConfig = (fields: Partial<documentsV1.UpdateStorageConfigRequest>): documentsV1.UpdateStorageConfigRequest =>
  documentsV1.UpdateStorageConfigRequest.fromPartial({ organizationQuotaBytes: '0', ...fields });

describe('storage configuration, organisation assets and connector imports', () => {
  let h: Awaited<ReturnType<typeof startHarness>>;
  let dir: string;
  let s3dir: string;
  let server: InstanceType<typeof S3rver>;
  let s3port: number;
  let sys: string;
  let admin: string;
  let remote: Awaited<ReturnType<typeof remoteSite>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'documents-config-'));
    s3dir = await mkdtemp(path.join(tmpdir(), 'documents-config-s3-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, configureBuckets: [{ name: 'platform-files' }] });
    s3port = (await server.run()).port;
    remote = await remoteSite();
    h = await startHarness(
      {
        // The local "legacy site" serving files is allowed; everything else local is not.
        OUTBOUND_ALLOWED_DESTINATIONS: `127.0.0.1:${remote.port}`,
        STORAGE_LOCAL_DIR: dir,
        DOCUMENTS_PURGE_GRACE_SECONDS: '0',
        DOCUMENTS_PURGE_INTERVAL_MS: '200',
        DOCUMENTS_STORAGE_SETTINGS_CACHE_MS: '0',
      },
      'documents_config',
    );
    sys = h.tokens.system('SUPER_ADMIN');
    admin = h.tokens.org(ORG, 'ADMIN');
  });
  afterAll(async () => {
    await h?.stop();
    await server?.close();
    await remote?.close();
    await rm(dir, { recursive: true, force: true });
    await rm(s3dir, { recursive: true, force: true });
  });

  describe('GET/PUT /api/admin/storage/config', () => {
    it('answers the environment configuration until one is saved, to system admins only', async () => {
      expect(await h.call('getStorageConfig', {}, sys)).toMatchObject({ provider: 'LOCAL', organizationQuotaBytes: String(5 * 1024 ** 3), updatedAt: '' });
      await expect(h.call('getStorageConfig', {}, h.tokens.org(ORG, 'OWNER'))).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
      await expect(h.call('updateStorageConfig', storageConfig({ provider: 'LOCAL' }), h.tokens.system('SUPPORT_ADMIN'))).rejects.toMatchObject({
        code: status.PERMISSION_DENIED,
      });
    });

    it('refuses a target that fails its probe, with the reason, and saves nothing', async () => {
      const wrongBucket = storageConfig({
        provider: 'S3',
        endpoint: `http://127.0.0.1:${s3port}`,
        bucket: 'no-such-bucket',
        forcePathStyle: true,
        accessKey: 'S3RVER',
        secretAccessKey: 'S3RVER',
      });
      await expect(h.call('updateStorageConfig', wrongBucket, sys)).rejects.toMatchObject({
        code: status.INVALID_ARGUMENT,
        details: expect.stringMatching(/failed its check: write failed: NoSuchBucket/),
      });
      await expect(h.call('updateStorageConfig', storageConfig({ provider: 'S3', bucket: '' }), sys)).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
      expect(await h.sql('SELECT * FROM storage_settings')).toEqual([]);
    });

    it('switches new uploads to S3 once the target passes, keeps the secret write-only and sealed, and serves the older LOCAL files still', async () => {
      const before = await upload(h.client, admin, { organizationId: ORG, fileName: 'before.pdf' }, PDF);
      const saved = await h.call(
        'updateStorageConfig',
        storageConfig({
          provider: 's3',
          endpoint: `http://127.0.0.1:${s3port}`,
          bucket: 'platform-files',
          forcePathStyle: true,
          accessKey: 'S3RVER',
          secretAccessKey: 'S3RVER',
          organizationQuotaBytes: String(50 * 1024 * 1024),
        }),
        sys,
      );
      expect(saved).toMatchObject({
        provider: 'S3',
        bucket: 'platform-files',
        accessKey: 'S3RVER',
        secretAccessKeySet: true,
        organizationQuotaBytes: String(50 * 1024 * 1024),
      });
      expect(JSON.stringify(saved)).not.toContain('"S3RVER"}');
      expect(JSON.stringify(await h.call('getStorageConfig', {}, sys))).not.toMatch(/secretAccessKey"/);
      const [target] = await h.sql<{ secret_sealed: string }>('SELECT secret_sealed FROM storage_targets');
      expect(target?.secret_sealed).toMatch(/^v1\./);
      expect(target?.secret_sealed).not.toContain('S3RVER');

      const after = await upload(h.client, admin, { organizationId: ORG, fileName: 'after.pdf' }, PDF);
      const rows = await h.sql<{ id: string; storage_provider: string; storage_target_id: string | null }>(
        'SELECT id, storage_provider, storage_target_id FROM documents WHERE id = ANY($1::uuid[])',
        [[before.id, after.id]],
      );
      expect(rows.find((r) => r.id === before.id)).toMatchObject({ storage_provider: 'LOCAL', storage_target_id: null });
      expect(rows.find((r) => r.id === after.id)).toMatchObject({ storage_provider: 'S3', storage_target_id: expect.any(String) });
      expect((await filesUnder(s3dir)).some((f) => f.includes(after.id))).toBe(true);
      for (const doc of [before, after]) expect((await download(h.client, fromUrl(doc.fileUrl))).body.equals(PDF)).toBe(true);

      // A PUT without the secret keeps it (same provider and key id); back to LOCAL, the S3 files stay readable.
      expect(
        await h.call(
          'updateStorageConfig',
          storageConfig({ provider: 'S3', endpoint: `http://127.0.0.1:${s3port}`, bucket: 'platform-files', forcePathStyle: true, accessKey: 'S3RVER' }),
          sys,
        ),
      ).toMatchObject({ secretAccessKeySet: true, organizationQuotaBytes: String(50 * 1024 * 1024) });
      expect(await h.call('updateStorageConfig', storageConfig({ provider: 'LOCAL' }), sys)).toMatchObject({ provider: 'LOCAL', secretAccessKeySet: false });
      expect((await download(h.client, fromUrl(after.fileUrl))).body.equals(PDF)).toBe(true);
      const local = await upload(h.client, admin, { organizationId: ORG, fileName: 'local-again.pdf' }, PDF);
      expect((await h.sql<{ storage_provider: string }>('SELECT storage_provider FROM documents WHERE id = $1', [local.id]))[0]?.storage_provider).toBe(
        'LOCAL',
      );
    });

    it('applies the saved quota to uploads (413 with the usage)', async () => {
      const org = '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d';
      const owner = h.tokens.org(org, 'OWNER');
      await h.call('updateStorageConfig', storageConfig({ provider: 'LOCAL', organizationQuotaBytes: String(1024 * 1024) }), sys);
      const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(700 * 1024)]);
      await upload(h.client, owner, { organizationId: org, fileName: 'a.pdf' }, big);
      const files = await filesUnder(dir);
      await expect(upload(h.client, owner, { organizationId: org, fileName: 'b.pdf' }, big)).rejects.toMatchObject({
        code: status.RESOURCE_EXHAUSTED,
        details: expect.stringMatching(new RegExp(`${big.length} of ${1024 * 1024} bytes used`)),
      });
      expect(await filesUnder(dir)).toEqual(files);
      await h.call('updateStorageConfig', storageConfig({ provider: 'LOCAL', organizationQuotaBytes: String(5 * 1024 ** 3) }), sys);
    });
  });

  describe('organisation assets', () => {
    it('stores a LOGO with a public URL, replaces it under the same URL and purges the old bytes, and deletes it', async () => {
      const asset = await uploadAssetFile(h.client, admin, { orgId: ORG, assetType: 'logo' }, PNG);
      expect(asset).toMatchObject({
        assetType: 'LOGO',
        mimeType: 'image/png',
        fileSize: String(PNG.length),
        url: `/api/storage/${ORG}/assets/${asset.assetId}`,
      });
      const served = await download(h.client, fromUrl(asset.url));
      expect(served.body.equals(PNG)).toBe(true);
      expect(served.metadata).toMatchObject({ contentType: 'image/png', inline: true });

      const [first] = await h.sql<{ object_key: string }>('SELECT object_key FROM assets WHERE id = $1', [asset.assetId]);
      const replaced = await uploadAssetFile(h.client, admin, { orgId: ORG, assetId: asset.assetId, fileName: 'logo.gif' }, GIF);
      expect(replaced).toMatchObject({ assetId: asset.assetId, url: asset.url, mimeType: 'image/gif' });
      expect((await download(h.client, fromUrl(asset.url))).body.equals(GIF)).toBe(true);
      expect(await eventually(async () => !(await filesUnder(dir)).includes(first!.object_key))).toBe(true);

      await h.call('deleteAsset', { orgId: ORG, assetId: asset.assetId }, admin);
      await expect(download(h.client, fromUrl(asset.url))).rejects.toMatchObject({ code: status.NOT_FOUND });
      await expect(h.call('deleteAsset', { orgId: ORG, assetId: asset.assetId }, admin)).rejects.toMatchObject({ code: status.NOT_FOUND });
      expect(await eventually(async () => !(await filesUnder(dir)).some((f) => f.includes(asset.assetId)))).toBe(true);
    });

    it('refuses SVG (415), an unknown asset type, a member, and another organisation’s asset, leaving nothing stored', async () => {
      const before = await filesUnder(dir);
      await expect(uploadAssetFile(h.client, admin, { orgId: ORG, fileName: 'logo.svg' }, SVG)).rejects.toMatchObject({
        code: status.INVALID_ARGUMENT,
        details: expect.stringMatching(/not accepted as a LOGO/),
      });
      await expect(uploadAssetFile(h.client, admin, { orgId: ORG, fileName: 'logo.pdf' }, PDF)).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
      await expect(uploadAssetFile(h.client, admin, { orgId: ORG, assetType: 'BANNER' }, PNG)).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
      await expect(uploadAssetFile(h.client, h.tokens.org(ORG, 'MEMBER'), { orgId: ORG }, PNG)).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
      const mine = await uploadAssetFile(h.client, admin, { orgId: ORG }, PNG);
      const other = '7b8c9d0e-1f2a-4b3c-9d4e-5f6a7b8c9d0e';
      await expect(uploadAssetFile(h.client, h.tokens.org(other, 'ADMIN'), { orgId: other, assetId: mine.assetId }, PNG)).rejects.toMatchObject({
        code: status.NOT_FOUND,
      });
      expect((await filesUnder(dir)).filter((f) => !before.includes(f))).toEqual([expect.stringContaining(mine.assetId)]);
    });
  });

  describe('connector imports (internal RPCs)', () => {
    it('upserts folders and remote documents by externalId: CREATE, then SKIP, then UPDATE, and never duplicates', async () => {
      const service = h.tokens.service('connector');
      const folders = [
        { externalId: 'cat-1', name: 'Reports', parentExternalId: '' },
        { externalId: 'cat-2', name: '2024', parentExternalId: 'cat-1' },
        { externalId: 'cat-3', name: 'Orphan', parentExternalId: 'missing' },
      ];
      const first = await h.call('upsertFolders', { organizationId: ORG, folders }, service);
      expect(first.results.map((r: { action: string }) => r.action)).toEqual(['CREATE', 'CREATE', 'ERROR']);
      expect(first).toMatchObject({ created: 2, failed: 1 });
      expect((await h.call('upsertFolders', { organizationId: ORG, folders: folders.slice(0, 2) }, service)).skipped).toBe(2);

      const documents = [
        {
          externalId: 'doc-1',
          name: 'Annual report',
          fileUrl: 'https://legacy.example/wp-content/uploads/annual-report.pdf',
          fileName: '',
          mimeType: 'application/pdf',
          fileSize: '12345',
          access: 'PUBLIC',
          folderExternalId: 'cat-2',
        },
        { externalId: 'doc-2', name: '', fileUrl: 'ftp://legacy.example/x', fileName: '', mimeType: '', fileSize: '0', access: '', folderExternalId: '' },
      ];
      const created = await h.call('upsertDocuments', { organizationId: ORG, importedBy: IMPORTER, documents, copyFiles: false }, service);
      expect(created.results.map((r: { action: string; error: string }) => r.action)).toEqual(['CREATE', 'ERROR']);
      const again = await h.call('upsertDocuments', { organizationId: ORG, importedBy: IMPORTER, documents: documents.slice(0, 1), copyFiles: false }, service);
      expect(again.results[0]).toMatchObject({ action: 'SKIP', id: created.results[0].id });
      const renamed = await h.call(
        'upsertDocuments',
        { organizationId: ORG, importedBy: IMPORTER, documents: [{ ...documents[0]!, name: 'Annual report 2024' }], copyFiles: false },
        service,
      );
      expect(renamed.results[0]).toMatchObject({ action: 'UPDATE', id: created.results[0].id });

      const read = await h.call('getDocument', { organizationId: ORG, docId: created.results[0].id }, h.tokens.org(ORG, 'MEMBER'));
      expect(read).toMatchObject({
        name: 'Annual report 2024',
        fileUrl: 'https://legacy.example/wp-content/uploads/annual-report.pdf',
        fileSize: '12345',
        folderId: first.results[1].id,
      });
      expect((await h.sql('SELECT id FROM documents WHERE external_id = $1', ['doc-1'])).length).toBe(1);
    });

    it('lets only service tokens in and takes at most 500 records', async () => {
      await expect(h.call('upsertFolders', { organizationId: ORG, folders: [] }, admin)).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
      const many = Array.from({ length: 501 }, (_, i) => ({ externalId: `f-${i}`, name: `F${i}`, parentExternalId: '' }));
      await expect(h.call('upsertFolders', { organizationId: ORG, folders: many }, h.tokens.service('connector'))).rejects.toMatchObject({
        code: status.INVALID_ARGUMENT,
      });
    });

    it('copies remote files into storage through the outbound guard when asked: redirects re-checked, types checked, failures named and retried', async () => {
      const service = h.tokens.service('connector');
      const doc = (externalId: string, url: string) => ({
        externalId,
        name: externalId,
        fileUrl: url,
        fileName: '',
        mimeType: 'application/pdf',
        fileSize: '0',
        access: 'MEMBERS_ONLY',
        folderExternalId: '',
        sourceCreatedAt: new Date('2022-02-02T02:02:02Z'),
        sourceUpdatedAt: new Date('2023-03-03T03:03:03Z'),
      });
      const documents = [
        doc('copy-ok', `http://127.0.0.1:${remote.port}/files/report.pdf`),
        doc('copy-redirect-ok', `http://127.0.0.1:${remote.port}/moved`),
        doc('copy-to-loopback', `http://127.0.0.1:${remote.port}/elsewhere`),
        doc('copy-metadata', 'http://169.254.169.254/latest/meta-data/iam'),
        doc('copy-exe', `http://127.0.0.1:${remote.port}/tool.exe`),
        doc('copy-missing', `http://127.0.0.1:${remote.port}/gone.pdf`),
      ];
      const requestsBefore = remote.requests.length;
      const first = await h.call('upsertDocuments', { organizationId: ORG, importedBy: IMPORTER, documents, copyFiles: true }, service);
      const outcome = first.results.map((r: { externalId: string; action: string; error: string }) => [r.externalId, r.action, r.error]);
      expect(outcome).toEqual([
        ['copy-ok', 'CREATE', ''],
        ['copy-redirect-ok', 'CREATE', ''],
        ['copy-to-loopback', 'ERROR', expect.stringMatching(/^file not copied: .*loopback/)],
        ['copy-metadata', 'ERROR', expect.stringMatching(/^file not copied: .*metadata/)],
        ['copy-exe', 'ERROR', expect.stringMatching(/^file not copied: .*not accepted/)],
        ['copy-missing', 'ERROR', 'file not copied: The remote file could not be copied: the remote server answered 404'],
      ]);
      // The loopback redirect and the metadata address were refused before any connection was made.
      expect(remote.requests.slice(requestsBefore).sort()).toEqual([
        '/elsewhere',
        '/files/report.pdf',
        '/files/report.pdf',
        '/gone.pdf',
        '/moved',
        '/tool.exe',
      ]);
      const stored = await h.sql<{ external_id: string; storage_provider: string; file_size: string; mime_type: string; sha256: string }>(
        "SELECT external_id, storage_provider, file_size::text, mime_type, sha256 FROM documents WHERE external_id LIKE 'copy-%' ORDER BY external_id",
      );
      const byId = Object.fromEntries(stored.map((row) => [row.external_id, row]));
      expect(byId['copy-ok']).toMatchObject({ storage_provider: 'LOCAL', file_size: String(PDF.length), mime_type: 'application/pdf' });
      expect(byId['copy-ok']?.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(byId['copy-exe']).toMatchObject({ storage_provider: '' });
      // Copied into storage, it is the same document: the dates stay the source's.
      const copied = await h.call('getDocument', { organizationId: ORG, docId: first.results[0].id }, admin);
      expect(copied).toMatchObject({ createdAt: '2022-02-02T02:02:02.000Z', updatedAt: '2023-03-03T03:03:03.000Z' });

      // The next sync copies nothing twice and tries the failed ones again.
      const again = await h.call('upsertDocuments', { organizationId: ORG, importedBy: IMPORTER, documents, copyFiles: true }, service);
      expect(again.results.map((r: { action: string }) => r.action)).toEqual(['SKIP', 'SKIP', 'ERROR', 'ERROR', 'ERROR', 'ERROR']);
    });
  });
});
