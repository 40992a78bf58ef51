import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { status } from '@grpc/grpc-js';
import { documentsV1 } from '@platform/proto';
import { startServiceHarness } from '@platform/testing';
import { startDocuments } from '../src/main';
import { EXE, PDF, download, fromUrl, upload } from './support';

const S3rver = require('s3rver') as new (options: object) => { run(): Promise<{ port: number }>; close(): Promise<void> };

const ORG = '3f0c8a52-1d3e-4b8a-9a51-6c2f7e9d0a11';
const OTHER_ORG = '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';

const listQuery = (query: Partial<documentsV1.ListDocumentsRequest>) => documentsV1.ListDocumentsRequest.fromPartial(query);

const startHarness = (env: NodeJS.ProcessEnv, label: string) =>
  startServiceHarness({ app: 'documents', label, start: startDocuments, client: documentsV1.DocumentsServiceClient, env });

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function eventually(check: () => Promise<boolean>, tries = 100): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe('the documents service on LOCAL storage', () => {
  let h: Awaited<ReturnType<typeof startHarness>>;
  let dir: string;
  let admin: string;
  let member: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'documents-local-'));
    h = await startHarness(
      {
        STORAGE_LOCAL_DIR: dir,
        DOCUMENTS_MAX_UPLOAD_BYTES: String(64 * 1024),
        DOCUMENTS_QUOTA_BYTES: String(100 * 1024),
        DOCUMENTS_PURGE_GRACE_SECONDS: '0',
        DOCUMENTS_PURGE_INTERVAL_MS: '200',
      },
      'documents_local',
    );
    admin = h.tokens.org(ORG, 'ADMIN');
    member = h.tokens.org(ORG, 'MEMBER');
  });
  afterAll(async () => {
    await h?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores an upload with its detected type and serves it by its signed URL, whole or in part', async () => {
    const doc = await upload(h.client, admin, { organizationId: ORG, name: 'Minutes', fileName: 'minutes.pdf', access: 2 }, PDF);
    expect(doc).toMatchObject({
      name: 'Minutes',
      mimeType: 'application/pdf',
      fileSize: String(PDF.length),
      access: documentsV1.DocumentAccess.DOCUMENT_ACCESS_MEMBERS_ONLY,
    });
    expect(doc.fileUrl).toMatch(/^\/api\/storage\/.+\?expires=\d+&signature=/);

    const whole = await download(h.client, fromUrl(doc.fileUrl));
    expect(whole.body.equals(PDF)).toBe(true);
    expect(whole.metadata).toMatchObject({ contentType: 'application/pdf', contentLength: String(PDF.length), partial: false, fileName: 'minutes.pdf' });

    const part = await download(h.client, { ...fromUrl(doc.fileUrl), range: { start: '2', end: '5' } });
    expect(part.body.toString()).toBe('DF-1');
    expect(part.metadata).toMatchObject({ partial: true, rangeStart: '2', contentLength: '4', totalLength: String(PDF.length) });
  });

  it('refuses a tampered or missing signature for a document that is not PUBLIC, and serves a PUBLIC one without', async () => {
    const doc = await upload(h.client, admin, { organizationId: ORG, fileName: 'private.pdf', access: 3 }, PDF);
    const signed = fromUrl(doc.fileUrl);
    await expect(download(h.client, { ...signed, signature: signed.signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) })).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    await expect(download(h.client, { path: signed.path })).rejects.toMatchObject({ code: status.PERMISSION_DENIED });

    const open = await upload(h.client, admin, { organizationId: ORG, fileName: 'open.pdf', access: 1 }, PDF);
    expect(open.fileUrl).not.toContain('signature');
    expect((await download(h.client, fromUrl(open.fileUrl))).body.length).toBe(PDF.length);
  });

  it('never lets a traversing path reach the storage', async () => {
    for (const p of [`${ORG}/../../etc/passwd`, '../../../etc/passwd', `${ORG}/%2e%2e/x/y`]) {
      await expect(download(h.client, { path: p })).rejects.toMatchObject({ code: status.NOT_FOUND });
    }
  });

  it('refuses a type outside the allow-list and a file over the limit, leaving nothing stored', async () => {
    const before = await filesUnder(dir);
    await expect(upload(h.client, admin, { organizationId: ORG, fileName: 'setup.pdf' }, EXE)).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(70 * 1024)]);
    await expect(upload(h.client, admin, { organizationId: ORG, fileName: 'big.pdf' }, big)).rejects.toMatchObject({ code: status.RESOURCE_EXHAUSTED });
    expect(await filesUnder(dir)).toEqual(before);
  });

  it('answers 413 with the usage once the quota is reached', async () => {
    const org = '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e';
    const owner = h.tokens.org(org, 'OWNER');
    const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(40 * 1024)]);
    await upload(h.client, owner, { organizationId: org, fileName: 'a.pdf' }, file);
    await upload(h.client, owner, { organizationId: org, fileName: 'b.pdf' }, file);
    await expect(upload(h.client, owner, { organizationId: org, fileName: 'c.pdf' }, file)).rejects.toMatchObject({
      code: status.RESOURCE_EXHAUSTED,
      details: expect.stringMatching(/\d+ of 102400 bytes/),
    });
  });

  it('shows PRIVATE documents to admins only, in lists and reads', async () => {
    const secret = await upload(h.client, admin, { organizationId: ORG, name: 'Board salaries', fileName: 'salaries.pdf', access: 3 }, PDF);
    const asMember = await h.call('listDocuments', listQuery({ organizationId: ORG, search: 'salaries' }), member);
    expect(asMember.content).toEqual([]);
    const asAdmin = await h.call('listDocuments', listQuery({ organizationId: ORG, search: 'salaries' }), admin);
    expect(asAdmin.content.map((d: { id: string }) => d.id)).toEqual([secret.id]);
    await expect(h.call('getDocument', { organizationId: ORG, docId: secret.id }, member)).rejects.toMatchObject({ code: status.NOT_FOUND });
    await expect(h.call('getDocument', { organizationId: ORG, docId: secret.id }, h.tokens.org(OTHER_ORG, 'OWNER'))).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    await expect(h.call('listDocuments', listQuery({ organizationId: ORG }), h.tokens.org(ORG, 'GUEST'))).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
    });
  });

  it('pages and sorts a listing', async () => {
    const org = '7c8d9e0f-1a2b-4c3d-9e4f-5a6b7c8d9e0f';
    const owner = h.tokens.org(org, 'OWNER');
    for (const name of ['Charlie', 'Alpha', 'Bravo']) await upload(h.client, owner, { organizationId: org, name, fileName: 'n.txt' }, Buffer.from(`${name}\n`));
    const page = await h.call('listDocuments', listQuery({ organizationId: org, sort: 'name,asc', size: 2, page: 0 }), owner);
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2, page: 0, size: 2 });
    expect(page.content.map((d: { name: string }) => d.name)).toEqual(['Alpha', 'Bravo']);
    expect(page.content[0].mimeType).toBe('text/plain');
    await expect(h.call('listDocuments', listQuery({ organizationId: org, sort: 'owner,asc' }), owner)).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
  });

  it('nests folders, refuses a move under a descendant and a duplicate name, and deletes a whole tree with its bytes', async () => {
    const top = await h.call('createFolder', { organizationId: ORG, name: 'Archive' }, admin);
    const child = await h.call('createFolder', { organizationId: ORG, name: '2024', parentFolderId: top.id }, admin);
    await expect(h.call('createFolder', { organizationId: ORG, name: 'archive' }, admin)).rejects.toMatchObject({ code: status.ALREADY_EXISTS });
    await expect(h.call('updateFolder', { organizationId: ORG, folderId: top.id, parentFolderId: child.id }, admin)).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
    await expect(h.call('updateFolder', { organizationId: ORG, folderId: top.id, parentFolderId: top.id }, admin)).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
    const a = await upload(h.client, admin, { organizationId: ORG, fileName: 'a.pdf', folderId: top.id }, PDF);
    await upload(h.client, admin, { organizationId: ORG, fileName: 'b.pdf', folderId: child.id }, PDF);
    const inChild = await h.call('listDocuments', listQuery({ organizationId: ORG, folderId: child.id }), member);
    expect(inChild.totalElements).toBe(1);

    const keysBefore = await h.sql<{ object_key: string }>('SELECT object_key FROM documents WHERE folder_id = ANY($1::uuid[])', [[top.id, child.id]]);
    const deleted = await h.call('deleteFolder', { organizationId: ORG, folderId: top.id }, admin);
    expect(deleted).toEqual({ deletedDocuments: 2, deletedFolders: 2 });
    await expect(h.call('getDocument', { organizationId: ORG, docId: a.id }, admin)).rejects.toMatchObject({ code: status.NOT_FOUND });
    expect((await h.call('listFolders', { organizationId: ORG }, admin)).content.map((f: { id: string }) => f.id)).not.toContain(top.id);
    // the purge job (grace 0 here) removes the bytes
    const gone = await eventually(async () => {
      const files = (await filesUnder(dir)).map((f) => path.relative(dir, f));
      return keysBefore.every((k) => !files.includes(k.object_key));
    });
    expect(gone).toBe(true);
  });
});

describe('the documents service on S3 storage (a local S3 server)', () => {
  let h: Awaited<ReturnType<typeof startHarness>>;
  let dir: string;
  let server: InstanceType<typeof S3rver>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'documents-s3-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'documents' }] });
    const { port } = await server.run();
    h = await startHarness(
      {
        STORAGE_PROVIDER: 'S3',
        STORAGE_LOCAL_DIR: path.join(dir, 'local'),
        STORAGE_S3_ENDPOINT: `http://127.0.0.1:${port}`,
        STORAGE_S3_BUCKET: 'documents',
        STORAGE_S3_FORCE_PATH_STYLE: 'true',
        STORAGE_S3_ACCESS_KEY_ID: 'S3RVER',
        STORAGE_S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
      'documents_s3',
    );
  });
  afterAll(async () => {
    await h?.stop();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores an upload in the bucket, records the provider and serves a range of it', async () => {
    const admin = h.tokens.org(ORG, 'ADMIN');
    const doc = await upload(h.client, admin, { organizationId: ORG, fileName: 'minutes.pdf' }, PDF);
    const [row] = await h.sql<{ storage_provider: string }>('SELECT storage_provider FROM documents WHERE id = $1', [doc.id]);
    expect(row?.storage_provider).toBe('S3');
    const part = await download(h.client, { ...fromUrl(doc.fileUrl), range: { suffix: '7' } });
    expect(part.body.toString()).toBe('\n%%EOF\n');
  });
});
