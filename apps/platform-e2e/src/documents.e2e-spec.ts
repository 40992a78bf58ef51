import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, holdsSoon, http, startPlatform, type Platform } from './platform';

const S3rver = require('s3rver') as new (options: object) => { run(): Promise<{ port: number }>; close(): Promise<void> };

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200 * 1024, 0x41), Buffer.from('\n%%EOF\n')]);
const EXE = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), Buffer.alloc(4096)]);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), Buffer.alloc(64)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>\n');
/** The service's limit in this stack (the route's own is 100 MB). */
const MAX_UPLOAD = 512 * 1024;

async function storedFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

describe('documents and folders through the gateway (real multipart, LOCAL then S3 storage)', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;
  let storageDir: string;
  let orgId: string;
  let owner: string;
  let member: string;
  let guest: string;
  let sys: string;
  let s3: { server: InstanceType<typeof S3rver>; dir: string; port: number };

  const register = (email: string) => api.post('/api/auth/org/register', { email, password: 'member password', firstName: 'Doc', lastName: 'Person' });
  const orgLogin = async (email: string) => {
    const res = await api.post('/api/auth/org/login', { email, password: 'member password', organizationId: orgId });
    expect(res.status).toBe(200);
    return res.body.accessToken as string;
  };

  /** A multipart upload as `curl -F` sends it: the fields, then the file. */
  const uploadForm = (fields: Record<string, string>, file: { bytes: Buffer; name: string; type?: string } | undefined, token: string, target = orgId) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (file) form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
    return fetch(`${platform.baseUrl}/api/orgs/${target}/documents`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  };
  /** An asset upload (POST) or replacement (PUT, with `assetId`) as `curl -F` sends it. */
  const assetForm = (fields: Record<string, string>, file: { bytes: Buffer; name: string }, token: string, assetId?: string) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', new Blob([file.bytes], { type: 'application/octet-stream' }), file.name);
    const url = `${platform.baseUrl}/api/orgs/${orgId}/assets${assetId ? `/${assetId}` : ''}`;
    return fetch(url, { method: assetId ? 'PUT' : 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  };
  const uploadJson = async (...args: Parameters<typeof uploadForm>) => {
    const res = await uploadForm(...args);
    return { status: res.status, body: (await res.json()) as Record<string, any>, headers: res.headers };
  };

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'documents-e2e-'));
    const s3dir = await mkdtemp(path.join(tmpdir(), 'documents-e2e-s3-'));
    const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, configureBuckets: [{ name: 'e2e-files' }] });
    s3 = { server, dir: s3dir, port: (await server.run()).port };
    platform = await startPlatform('documents', {
      services: ['documents'],
      organisation: 'real',
      env: {
        STORAGE_LOCAL_DIR: storageDir,
        DOCUMENTS_MAX_UPLOAD_BYTES: String(MAX_UPLOAD),
        DOCUMENTS_PURGE_GRACE_SECONDS: '0',
        DOCUMENTS_PURGE_INTERVAL_MS: '300',
        DOCUMENTS_STORAGE_SETTINGS_CACHE_MS: '0',
      },
    });
    api = http(platform.baseUrl);
    const admin = (await api.post('/api/auth/system/login', ADMIN)).body.accessToken as string;
    sys = admin;
    await register('owner@docs.example');
    const created = await api.post(
      '/api/admin/orgs/create-with-owner',
      {
        orgName: 'Documents Association',
        orgSlug: 'documents-association',
        ownerEmail: 'owner@docs.example',
        ownerFirstName: 'O',
        ownerLastName: 'Wner',
        sendWelcomeEmail: false,
      },
      admin,
    );
    expect({ status: created.status, body: created.body }).toMatchObject({ status: 201 });
    orgId = created.body.organization.id;
    owner = await orgLogin('owner@docs.example');
    const roles = await api.get(`/api/orgs/${orgId}/roles`, admin);
    const roleId = (name: string) => (roles.body as Array<{ name: string; roleId: string }>).find((r) => r.name === name)!.roleId;
    for (const [email, role] of [
      ['member@docs.example', 'MEMBER'],
      ['guest@docs.example', 'GUEST'],
    ] as const) {
      await register(email);
      const added = await api.post(
        `/api/orgs/${orgId}/users`,
        { email, firstName: role, lastName: 'Person', roleId: roleId(role), sendInvitationEmail: false },
        owner,
      );
      expect(added.status).toBe(201);
    }
    member = await orgLogin('member@docs.example');
    guest = await orgLogin('guest@docs.example');
  });
  afterAll(async () => {
    await platform?.stop();
    await s3?.server.close();
    await rm(storageDir, { recursive: true, force: true });
    if (s3) await rm(s3.dir, { recursive: true, force: true });
  });

  it('POST /documents (multipart) → 201 Document; the signed URL serves the file with its headers, and a range with 206', async () => {
    const created = await uploadJson(
      { name: 'Minutes 2024', access: 'MEMBERS_ONLY' },
      { bytes: PDF, name: 'Procès-verbal "2024".pdf', type: 'image/png' },
      owner,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Minutes 2024', mimeType: 'application/pdf', fileSize: PDF.length, access: 'MEMBERS_ONLY' });
    expect(created.headers.get('location')).toBe(`/api/orgs/${orgId}/documents/${created.body['id']}`);

    const read = await api.get(`/api/orgs/${orgId}/documents/${created.body['id']}`, member);
    expect(read.status).toBe(200);
    const fileUrl = read.body.fileUrl as string;
    expect(fileUrl).toMatch(/^\/api\/storage\/.+\?expires=\d+&signature=[\w-]+$/);

    const whole = await fetch(`${platform.baseUrl}${fileUrl}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(whole.headers.get('content-length')).toBe(String(PDF.length));
    expect(whole.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(whole.headers.get('content-disposition')).toBe(
      `attachment; filename="Proc_s-verbal _2024_.pdf"; filename*=UTF-8''Proc%C3%A8s-verbal%20%222024%22.pdf`,
    );
    expect(Buffer.from(await whole.arrayBuffer()).equals(PDF)).toBe(true);

    const part = await fetch(`${platform.baseUrl}${fileUrl}`, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${PDF.length}`);
    expect(await part.text()).toBe('%PDF-1.7');

    const outside = await fetch(`${platform.baseUrl}${fileUrl}`, { headers: { range: `bytes=${PDF.length + 10}-` } });
    expect(outside.status).toBe(416);
  });

  it('GET /api/storage/{path}: tampered, unsigned or traversing requests get 403/404 and reach no file; PUBLIC needs no signature', async () => {
    const doc = await uploadJson({ access: 'PRIVATE' }, { bytes: PDF, name: 'private.pdf' }, owner);
    const url = new URL(doc.body['fileUrl'] as string, platform.baseUrl);
    const signature = url.searchParams.get('signature')!;
    url.searchParams.set('signature', `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`);
    expect((await fetch(url)).status).toBe(403);
    expect((await fetch(`${platform.baseUrl}${url.pathname}`)).status).toBe(403);
    url.searchParams.set('signature', signature);
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 60));
    expect((await fetch(url)).status).toBe(403);
    for (const bad of [
      `/api/storage/${orgId}/%2e%2e/%2e%2e/etc/passwd`,
      `/api/storage/${orgId}/..%2F..%2Fetc/passwd`,
      '/api/storage/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    ]) {
      const res = await fetch(`${platform.baseUrl}${bad}`);
      expect([400, 404]).toContain(res.status);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }

    const open = await uploadJson({ access: 'PUBLIC' }, { bytes: Buffer.from('Opening hours: 9-17\n'), name: 'hours.txt' }, owner);
    expect(open.body['fileUrl']).not.toContain('signature');
    const res = await fetch(`${platform.baseUrl}${open.body['fileUrl']}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(await res.text()).toBe('Opening hours: 9-17\n');
  });

  it('bad uploads get the right 4xx and leave nothing behind', async () => {
    const before = await storedFiles(storageDir);
    const noFile = await uploadJson({ name: 'nothing' }, undefined, owner);
    expect(noFile.status).toBe(400);
    expect(noFile.body['errors']).toEqual([expect.objectContaining({ field: 'file' })]);

    const wrongType = await uploadJson({}, { bytes: EXE, name: 'invoice.pdf', type: 'application/pdf' }, owner);
    expect(wrongType.status).toBe(415);
    expect(wrongType.body['code']).toBe('UNSUPPORTED_MEDIA_TYPE');

    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(MAX_UPLOAD + 1)]);
    const oversize = await uploadJson({}, { bytes: big, name: 'big.pdf' }, owner);
    expect(oversize.status).toBe(413);

    const badAccess = await uploadJson({ access: 'GUEST' }, { bytes: PDF, name: 'x.pdf' }, owner);
    expect(badAccess.status).toBe(400);
    expect(badAccess.body['errors']).toEqual([expect.objectContaining({ field: 'access' })]);

    const json = await api.post(`/api/orgs/${orgId}/documents`, { name: 'x' }, owner);
    expect(json.status).toBe(415);

    // Nothing new stored (the purge job may meanwhile remove files of documents deleted earlier).
    expect((await storedFiles(storageDir)).filter((file) => !before.includes(file))).toEqual([]);
  });

  it('access levels hold everywhere: members never see PRIVATE, guests see nothing, members cannot upload', async () => {
    const secret = await uploadJson({ name: 'Salaries', access: 'PRIVATE' }, { bytes: PDF, name: 'salaries.pdf' }, owner);
    expect(secret.status).toBe(201);
    const asMember = await api.get(`/api/orgs/${orgId}/documents?search=salaries`, member);
    expect(asMember.status).toBe(200);
    expect(asMember.body.content).toEqual([]);
    const asOwner = await api.get(`/api/orgs/${orgId}/documents?search=salaries`, owner);
    expect(asOwner.body.content.map((d: { id: string }) => d.id)).toEqual([secret.body['id']]);
    expect((await api.get(`/api/orgs/${orgId}/documents/${secret.body['id']}`, member)).status).toBe(404);
    expect((await api.get(`/api/orgs/${orgId}/documents`, guest)).status).toBe(403);
    expect((await uploadForm({}, { bytes: PDF, name: 'm.pdf' }, member)).status).toBe(403);
    expect((await api.get(`/api/orgs/${orgId}/documents`)).status).toBe(401);
  });

  it('folders nest, refuse a move under a descendant, and DELETE takes the tree and its files', async () => {
    const top = await api.post(`/api/orgs/${orgId}/document-folders`, { name: 'Archive' }, owner);
    expect(top.status).toBe(201);
    const child = await api.post(`/api/orgs/${orgId}/document-folders`, { name: '2024', parentFolderId: top.body.id }, owner);
    expect(child.status).toBe(201);
    expect((await api.post(`/api/orgs/${orgId}/document-folders`, { name: 'archive' }, owner)).status).toBe(409);
    const loop = await api.call('PUT', `/api/orgs/${orgId}/document-folders/${top.body.id}`, { body: { parentFolderId: child.body.id }, token: owner });
    expect(loop.status).toBe(400);

    const inChild = await uploadJson({ folderId: child.body.id }, { bytes: PDF, name: 'in-child.pdf' }, owner);
    await uploadJson({ folderId: top.body.id }, { bytes: PDF, name: 'in-top.pdf' }, owner);
    const listed = await api.get(`/api/orgs/${orgId}/documents?folderId=${child.body.id}`, member);
    expect(listed.body.content.map((d: { id: string }) => d.id)).toEqual([inChild.body['id']]);
    const folders = await api.get(`/api/orgs/${orgId}/document-folders`, member);
    expect(folders.body.map((f: { name: string }) => f.name)).toEqual(expect.arrayContaining(['Archive', '2024']));

    const filesBefore = (await storedFiles(storageDir)).length;
    const deleted = await api.call('DELETE', `/api/orgs/${orgId}/document-folders/${top.body.id}`, { token: owner });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deletedDocuments: 2, deletedFolders: 2 });
    expect((await api.get(`/api/orgs/${orgId}/documents/${inChild.body['id']}`, owner)).status).toBe(404);
    expect(await holdsSoon(async () => (await storedFiles(storageDir)).length === filesBefore - 2)).toBe(true);
  });

  it('DELETE /documents/{docId} → 204; the file stops being served', async () => {
    const doc = await uploadJson({}, { bytes: PDF, name: 'old.pdf' }, owner);
    const url = doc.body['fileUrl'] as string;
    expect((await api.call('DELETE', `/api/orgs/${orgId}/documents/${doc.body['id']}`, { token: owner })).status).toBe(204);
    expect((await fetch(`${platform.baseUrl}${url}`)).status).toBe(404);
    expect((await api.call('DELETE', `/api/orgs/${orgId}/documents/${doc.body['id']}`, { token: owner })).status).toBe(404);
  });

  it('the OpenAPI document describes the multipart upload and the binary download', async () => {
    const doc = (await api.get('/api/docs/openapi.json')).body;
    const upload = doc.paths['/api/orgs/{organizationId}/documents'].post;
    expect(upload.requestBody.content['multipart/form-data'].schema).toMatchObject({
      required: ['file'],
      properties: { file: { type: 'string' }, access: expect.anything() },
    });
    const download = doc.paths['/api/storage/{path}'].get;
    expect(download.responses['206']).toBeDefined();
    expect(download.responses['200'].content['*/*'].schema).toMatchObject({ type: 'string' });
  });

  it('GUEST is excluded from every document route; a member reads a MEMBERS_ONLY file by its signed URL', async () => {
    const doc = await uploadJson({ access: 'MEMBERS_ONLY' }, { bytes: PDF, name: 'members.pdf' }, owner);
    expect((await api.get(`/api/orgs/${orgId}/documents/${doc.body['id']}`, guest)).status).toBe(403);
    expect((await api.get(`/api/orgs/${orgId}/document-folders`, guest)).status).toBe(403);
    const read = await api.get(`/api/orgs/${orgId}/documents/${doc.body['id']}`, member);
    expect((await fetch(`${platform.baseUrl}${read.body.fileUrl}`)).status).toBe(200);
    const publicOnly = await api.get(`/api/orgs/${orgId}/documents?access=PUBLIC`, member);
    expect(publicOnly.body.content.every((d: { access: string }) => d.access === 'PUBLIC')).toBe(true);
  });

  it('assets: POST (multipart file + assetType) → 201 with a public URL; SVG 415; PUT replaces under the same URL; DELETE → 204', async () => {
    const created = await assetForm({ assetType: 'LOGO' }, { bytes: PNG, name: 'logo.png' }, owner);
    expect(created.status).toBe(201);
    const asset = (await created.json()) as { assetId: string; url: string; mimeType: string };
    expect(asset).toMatchObject({ mimeType: 'image/png', url: `/api/storage/${orgId}/assets/${asset.assetId}` });
    const served = await fetch(`${platform.baseUrl}${asset.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toMatch(/^inline/);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const before = await storedFiles(storageDir);
    const svg = await assetForm({ assetType: 'LOGO' }, { bytes: SVG, name: 'logo.svg' }, owner);
    expect(svg.status).toBe(415);
    expect((await assetForm({ assetType: 'BANNER' }, { bytes: PNG, name: 'logo.png' }, owner)).status).toBe(400);
    expect((await assetForm({ assetType: 'LOGO' }, { bytes: PNG, name: 'logo.png' }, member)).status).toBe(403);
    // Nothing new stored (the purge job may meanwhile remove files of documents deleted earlier).
    expect((await storedFiles(storageDir)).filter((file) => !before.includes(file))).toEqual([]);

    const replaced = await assetForm({}, { bytes: GIF, name: 'logo.gif' }, owner, asset.assetId);
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toMatchObject({ assetId: asset.assetId, url: asset.url, mimeType: 'image/gif' });
    expect(Buffer.from(await (await fetch(`${platform.baseUrl}${asset.url}`)).arrayBuffer()).equals(GIF)).toBe(true);

    expect((await api.call('DELETE', `/api/orgs/${orgId}/assets/${asset.assetId}`, { token: owner })).status).toBe(204);
    expect((await fetch(`${platform.baseUrl}${asset.url}`)).status).toBe(404);
  });

  it('GET/PUT /api/admin/storage/config: sys only, secret write-only, a failing target refused with the reason', async () => {
    const current = await api.get('/api/admin/storage/config', sys);
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ provider: 'LOCAL', organizationQuotaBytes: 5 * 1024 ** 3 });
    expect((await api.get('/api/admin/storage/config', owner)).status).toBe(403);
    const failing = await api.call('PUT', '/api/admin/storage/config', {
      token: sys,
      body: {
        provider: 'S3',
        endpoint: `http://127.0.0.1:${s3.port}`,
        bucket: 'missing-bucket',
        forcePathStyle: true,
        accessKey: 'S3RVER',
        secretAccessKey: 'S3RVER',
      },
    });
    expect(failing.status).toBe(400);
    expect(failing.body.detail).toMatch(/failed its check: write failed/);
    expect((await api.get('/api/admin/storage/config', sys)).body.provider).toBe('LOCAL');
  });

  it('on S3: upload, list, signed download, range, access refusals and folder tree delete; LOCAL files stay readable; the quota answers 413 with the usage', async () => {
    const onLocal = await uploadJson({ access: 'MEMBERS_ONLY' }, { bytes: PDF, name: 'on-local.pdf' }, owner);
    const saved = await api.call('PUT', '/api/admin/storage/config', {
      token: sys,
      body: {
        provider: 'S3',
        endpoint: `http://127.0.0.1:${s3.port}`,
        bucket: 'e2e-files',
        forcePathStyle: true,
        accessKey: 'S3RVER',
        secretAccessKey: 'S3RVER',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ provider: 'S3', bucket: 'e2e-files', secretAccessKeySet: true });
    expect(JSON.stringify(saved.body)).not.toContain('secretAccessKey"');

    const folder = await api.post(`/api/orgs/${orgId}/document-folders`, { name: 'On S3' }, owner);
    const sub = await api.post(`/api/orgs/${orgId}/document-folders`, { name: 'Deeper', parentFolderId: folder.body.id }, owner);
    const doc = await uploadJson({ name: 'S3 minutes', access: 'MEMBERS_ONLY', folderId: sub.body.id }, { bytes: PDF, name: 's3.pdf' }, owner);
    expect(doc.status).toBe(201);
    const secret = await uploadJson({ name: 'S3 secret', access: 'PRIVATE', folderId: folder.body.id }, { bytes: PDF, name: 'secret.pdf' }, owner);
    expect((await storedFiles(s3.dir)).some((f) => f.includes(doc.body['id'] as string))).toBe(true);

    const listed = await api.get(`/api/orgs/${orgId}/documents?folderId=${sub.body.id}`, member);
    expect(listed.body.content.map((d: { id: string }) => d.id)).toEqual([doc.body['id']]);
    expect((await api.get(`/api/orgs/${orgId}/documents?folderId=${folder.body.id}`, member)).body.content).toEqual([]);
    expect((await api.get(`/api/orgs/${orgId}/documents/${secret.body['id']}`, member)).status).toBe(404);
    const url = (await api.get(`/api/orgs/${orgId}/documents/${doc.body['id']}`, member)).body.fileUrl as string;
    const whole = await fetch(`${platform.baseUrl}${url}`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(PDF)).toBe(true);
    const part = await fetch(`${platform.baseUrl}${url}`, { headers: { range: 'bytes=-7' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('\n%%EOF\n');
    expect((await fetch(`${platform.baseUrl}${url.split('?')[0]}`)).status).toBe(403);

    // the LOCAL document uploaded before the switch is still served from LOCAL
    const localUrl = (await api.get(`/api/orgs/${orgId}/documents/${onLocal.body['id']}`, member)).body.fileUrl as string;
    expect((await fetch(`${platform.baseUrl}${localUrl}`)).status).toBe(200);

    const deleted = await api.call('DELETE', `/api/orgs/${orgId}/document-folders/${folder.body.id}`, { token: owner });
    expect(deleted.body).toEqual({ deletedDocuments: 2, deletedFolders: 2 });
    expect(
      await holdsSoon(async () => !(await storedFiles(s3.dir)).some((f) => f.includes(doc.body['id'] as string) || f.includes(secret.body['id'] as string))),
    ).toBe(true);

    // quota: 1 MiB, this organisation already holds files; the upload is refused with the usage and leaves nothing
    const quota = await api.call('PUT', '/api/admin/storage/config', {
      token: sys,
      body: {
        provider: 'S3',
        endpoint: `http://127.0.0.1:${s3.port}`,
        bucket: 'e2e-files',
        forcePathStyle: true,
        accessKey: 'S3RVER',
        organizationQuotaBytes: 1024 * 1024,
      },
    });
    expect(quota.body).toMatchObject({ organizationQuotaBytes: 1024 * 1024, secretAccessKeySet: true });
    const filler = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(MAX_UPLOAD - 100)]);
    let refused: Awaited<ReturnType<typeof uploadJson>> | undefined;
    let filesBefore: string[] = [];
    for (let i = 0; i < 4 && !refused; i++) {
      filesBefore = await storedFiles(s3.dir);
      const res = await uploadJson({}, { bytes: filler, name: `fill-${i}.pdf` }, owner);
      if (res.status !== 201) refused = res;
    }
    expect(refused?.status).toBe(413);
    expect(refused?.body['detail']).toMatch(/\d+ of 1048576 bytes used/);
    expect(await storedFiles(s3.dir)).toEqual(filesBefore);

    const back = await api.call('PUT', '/api/admin/storage/config', { token: sys, body: { provider: 'LOCAL', organizationQuotaBytes: 5 * 1024 ** 3 } });
    expect(back.body).toMatchObject({ provider: 'LOCAL' });
  });
});
