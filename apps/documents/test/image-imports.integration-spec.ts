import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { status } from '@grpc/grpc-js';
import { documentsV1 } from '@platform/proto';
import { startServiceHarness } from '@platform/testing';
import { IMAGE_COPIES_IN_FLIGHT } from '../src/app/import-images';
import { startDocuments } from '../src/main';
import { PDF, PNG, SVG, download, fromUrl } from './support';

const startHarness = (env: NodeJS.ProcessEnv) =>
  startServiceHarness({ app: 'documents', label: 'documents_images', start: startDocuments, client: documentsV1.DocumentsServiceClient, env });

const ORG = '5f6a7b8c-9d0e-4f1a-8b2c-3d4e5f6a7b8c';
const IMPORTER = '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a';

/** A legacy site's uploads: a PNG, a redirect to it, one to a refused address, an SVG, a PDF, a 404. */
async function remoteSite(): Promise<{ port: number; requests: string[]; slow: { inFlight: number; most: number }; close(): Promise<void> }> {
  const requests: string[] = [];
  // Images under /slow/ answer after 100 ms, counting how many are asked at once.
  const slow = { inFlight: 0, most: 0 };
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url?.startsWith('/slow/')) {
      slow.most = Math.max(slow.most, ++slow.inFlight);
      return void setTimeout(() => {
        slow.inFlight--;
        res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      }, 100);
    }
    if (req.url === '/uploads/logo.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (req.url === '/moved.png') return void res.writeHead(302, { location: '/uploads/logo.png' }).end();
    if (req.url === '/elsewhere.png') return void res.writeHead(302, { location: 'http://127.0.0.1/admin.png' }).end();
    if (req.url === '/uploads/drawing.svg') return void res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
    if (req.url === '/uploads/report.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PDF);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, requests, slow, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe("the connector's copy-images (ImportImages)", () => {
  let h: Awaited<ReturnType<typeof startHarness>>;
  let dir: string;
  let remote: Awaited<ReturnType<typeof remoteSite>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'documents-images-'));
    remote = await remoteSite();
    h = await startHarness({ OUTBOUND_ALLOWED_DESTINATIONS: `127.0.0.1:${remote.port}`, STORAGE_LOCAL_DIR: dir });
  });
  afterAll(async () => {
    await h?.stop();
    await remote?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const site = (p: string) => `http://127.0.0.1:${remote.port}${p}`;
  const importImages = (sourceUrls: string[], token = h.tokens.service('connector')) =>
    h.call('importImages', { organizationId: ORG, importedBy: IMPORTER, sourceUrls }, token) as Promise<documentsV1.ImportImagesResponse>;

  it('copies each image once through the outbound guard into a public asset, and names why the others were not copied', async () => {
    const urls = [
      site('/uploads/logo.png'),
      site('/moved.png'),
      site('/elsewhere.png'),
      'http://169.254.169.254/latest/meta-data/iam.png',
      site('/uploads/drawing.svg'),
      site('/uploads/report.png'),
      site('/uploads/gone.png'),
      site('/uploads/logo.png'),
    ];
    const reply = await importImages(urls);
    const byUrl = Object.fromEntries(reply.images.map((i) => [i.sourceUrl, i]));
    expect(reply.images).toHaveLength(7);
    expect(byUrl[site('/uploads/logo.png')]?.url).toMatch(new RegExp(`^/api/storage/${ORG}/assets/[0-9a-f-]{36}$`));
    expect(byUrl[site('/moved.png')]?.url).toMatch(/^\/api\/storage\//);
    expect(byUrl[site('/elsewhere.png')]).toMatchObject({ url: '', error: expect.stringMatching(/loopback/) });
    expect(byUrl['http://169.254.169.254/latest/meta-data/iam.png']).toMatchObject({ url: '', error: expect.stringMatching(/metadata/) });
    expect(byUrl[site('/uploads/drawing.svg')]).toMatchObject({ url: '', error: expect.stringMatching(/not accepted/) });
    expect(byUrl[site('/uploads/report.png')]).toMatchObject({ url: '', error: expect.stringMatching(/not accepted/) });
    expect(byUrl[site('/uploads/gone.png')]).toMatchObject({ url: '', error: expect.stringMatching(/404/) });

    // Served publicly, byte for byte, as an organisation asset.
    const served = await download(h.client, fromUrl(byUrl[site('/uploads/logo.png')]!.url));
    expect(served.body.equals(PNG)).toBe(true);
    const rows = await h.sql<{ asset_type: string; created_by: string }>('SELECT asset_type, created_by FROM assets WHERE organization_id = $1', [ORG]);
    expect(rows).toEqual([
      { asset_type: 'IMPORTED_IMAGE', created_by: IMPORTER },
      { asset_type: 'IMPORTED_IMAGE', created_by: IMPORTER },
    ]);
  });

  it('answers an image copied before without fetching it again', async () => {
    const first = (await importImages([site('/uploads/logo.png')])).images[0]!;
    const before = remote.requests.length;
    const again = (await importImages([site('/uploads/logo.png')])).images[0]!;
    expect(again.url).toBe(first.url);
    expect(remote.requests.length).toBe(before);
  });

  it(`copies ${IMAGE_COPIES_IN_FLIGHT} images at a time and answers in the order of the URLs`, async () => {
    const urls = Array.from({ length: 10 }, (_, i) => site(`/slow/${i}.png`));
    const reply = await importImages(urls);
    expect(reply.images.map((i) => i.sourceUrl)).toEqual(urls);
    expect(reply.images.every((i) => i.url.startsWith('/api/storage/') && i.error === '')).toBe(true);
    expect(remote.slow.most).toBe(IMAGE_COPIES_IN_FLIGHT);
  });

  it('refuses more than 500 URLs, and any caller but a service', async () => {
    await expect(importImages(Array.from({ length: 501 }, (_, i) => site(`/${i}.png`)))).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    await expect(importImages([site('/uploads/logo.png')], h.tokens.org(ORG, 'ADMIN'))).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
  });
});
