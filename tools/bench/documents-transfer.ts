// Documents at scale, through the built gateway and documents service (LOCAL storage on this disk):
//  1. a 1 GiB upload (`multipart/form-data`, as `curl -F` sends it) and its download by the signed
//     URL: MB/s each way (target ≥ 100 MB/s) and the RSS growth of the gateway and of the documents
//     service while each runs (target < 64 MB; /proc/<pid>/status sampled every 20 ms);
//  2. a folder of 10,000 documents (imported through UpsertDocuments, 500 a call): every page of
//     the folder's listing, p50/p95/p99 per page, over gRPC and through the gateway (target p95 < 20 ms).
// The route's limit is 100 MB; the benchmark raises it by starting the stack on a copy of the
// proto sources (PROTO_DIR) where UploadDocument's `max_bytes` is 2 GiB, and the service's by
// DOCUMENTS_MAX_UPLOAD_BYTES. Needs the apps built: `npx nx run-many -t build -p documents,identity,gateway`.
// Run: `npm run bench -- documents-transfer`.
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { TokenSigner } from '@platform/auth';
import { createClient, unary } from '@platform/grpc-server';
import { documentsV1 } from '@platform/proto';
import { STACK_JWT_SECRET, STACK_SERVICE_JWT_SECRET, startPlatformStack, workspaceRoot } from '@platform/testing';
import pg from 'pg';
import { machineLine, ms, percentile, writeSection } from './report';

// `--file-mib=N --transfer-only` for a quick look at the transfer alone (nothing is written then).
const ARGS = process.argv.slice(2);
const FILE_MIB = Number(/^--file-mib=(\d+)$/.exec(ARGS.find((a) => a.startsWith('--file-mib=')) ?? '')?.[1] ?? 1024);
const TRANSFER_ONLY = ARGS.includes('--transfer-only');
const FILE_BYTES = FILE_MIB * 1024 ** 2;
const LIMIT_BYTES = 2 * 1024 ** 3;
const CHUNK = 1024 * 1024;
const DOCUMENTS = 10_000;
const BATCH = 500;
const PAGE_SIZE = 20;
const ROUNDS = 2;

const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);

/** A copy of the proto sources with UploadDocument's route limit raised to LIMIT_BYTES. */
function protoWithRaisedLimit(dir: string): string {
  const target = path.join(dir, 'proto');
  cpSync(path.join(workspaceRoot(), 'proto'), target, { recursive: true });
  const file = path.join(target, 'platform/documents/v1/documents.proto');
  const text = readFileSync(file, 'utf8');
  const patched = text.replace('upload: {file_field: "file" max_bytes: 104857600}', `upload: {file_field: "file" max_bytes: ${LIMIT_BYTES}}`);
  if (patched === text) throw new Error('UploadDocument’s route limit was not found in documents.proto');
  writeFileSync(file, patched);
  return target;
}

/** The app processes this benchmark started (children running dist/apps/<app>/main.js). */
function appPid(app: string): number {
  const children = readdirSync(`/proc/${process.pid}/task`).flatMap((tid) =>
    readFileSync(`/proc/${process.pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  for (const pid of children) {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (cmdline.some((arg) => arg.endsWith(path.join('dist/apps', app, 'main.js')))) return pid;
  }
  throw new Error(`no ${app} process among the children`);
}

const rssOf = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** Samples the RSS of the processes every 20 ms while `work` runs; answers the baseline and the peak of each. */
interface Rss {
  before: number;
  peak: number;
}

async function withRss<T>(pids: { gateway: number; documents: number }, work: () => Promise<T>): Promise<{ result: T; rss: { gateway: Rss; documents: Rss } }> {
  const start = (pid: number): Rss => ({ before: rssOf(pid), peak: rssOf(pid) });
  const rss = { gateway: start(pids.gateway), documents: start(pids.documents) };
  const sample = (): void => {
    rss.gateway.peak = Math.max(rss.gateway.peak, rssOf(pids.gateway));
    rss.documents.peak = Math.max(rss.documents.peak, rssOf(pids.documents));
  };
  const timer = setInterval(sample, 20);
  try {
    const result = await work();
    sample();
    return { result, rss };
  } finally {
    clearInterval(timer);
  }
}

/** POSTs a multipart form whose file is `%PDF-1.7` then `size` bytes of a repeated random MiB, written as the socket drains. */
function uploadLarge(baseUrl: string, orgId: string, token: string, size: number): Promise<{ status: number; body: string; seconds: number }> {
  const boundary = `----bench${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nOne gibibyte\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="access"\r\n\r\nPRIVATE\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const block = randomBytes(CHUNK);
  const url = new URL(`/api/orgs/${orgId}/documents`, baseUrl);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString(), seconds: Number(process.hrtime.bigint() - started) / 1e9 }),
      );
    });
    let sent = 0;
    const write = (): void => {
      req.write(head);
      const next = (): void => {
        while (sent < size) {
          const piece = sent + CHUNK <= size ? block : block.subarray(0, size - sent);
          sent += piece.length;
          if (!req.write(piece)) {
            req.once('drain', next);
            return;
          }
        }
        req.end(tail);
      };
      next();
    };
    write();
  });
}

/** GETs a URL and counts the bytes without keeping them. */
function downloadCounting(url: string): Promise<{ status: number; bytes: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get(url, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, seconds: Number(process.hrtime.bigint() - started) / 1e9 }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function timed(calls: number, call: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t = process.hrtime.bigint();
    await call(i);
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return samples.sort((a, b) => a - b);
}

const row = (name: string, s: number[], bold = false) => {
  const p95 = ms(percentile(s, 95)).replace(' ms', '');
  return `| ${bold ? `**${name}**` : name} | ${ms(percentile(s, 50)).replace(' ms', '')} | ${bold ? `**${p95}**` : p95} | ${ms(percentile(s, 99)).replace(' ms', '')} |`;
};

async function main(): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-documents-'));
  const storage = path.join(scratch, 'storage');
  const stack = await startPlatformStack('bench_documents', {
    services: ['documents'],
    env: {
      LOG_LEVEL: 'warn',
      PROTO_DIR: protoWithRaisedLimit(scratch),
      STORAGE_LOCAL_DIR: storage,
      DOCUMENTS_MAX_UPLOAD_BYTES: String(LIMIT_BYTES),
      DOCUMENTS_QUOTA_BYTES: String(4 * LIMIT_BYTES),
    },
  });
  const address = stack.grpcUrls['documents'];
  if (!address) throw new Error('the stack did not start the documents service');
  const client = createClient(documentsV1.DocumentsServiceClient, address);
  try {
    const signer = new TokenSigner({
      issuer: 'association-platform',
      userKeys: { secret: STACK_JWT_SECRET },
      serviceKeys: { secret: STACK_SERVICE_JWT_SECRET },
    });
    const org = randomUUID();
    const token = (role: 'ADMIN' | 'MEMBER') =>
      signer.signAccess({
        sub: randomUUID(),
        userType: 'ORGANIZATION',
        organizationId: org,
        organizationRole: role,
        email: 'bench@example.org',
        sid: randomUUID(),
      }).token;
    const admin = token('ADMIN');
    const member = token('MEMBER');
    const pids = { gateway: appPid('gateway'), documents: appPid('documents') };

    // Warm both paths up with a small file first, so the figures are of the transfer, not of first use.
    const warm = await uploadLarge(stack.baseUrl, org, admin, 8 * CHUNK);
    if (warm.status !== 201) throw new Error(`warm-up upload answered ${warm.status}: ${warm.body}`);
    await downloadCounting(new URL((JSON.parse(warm.body) as { fileUrl: string }).fileUrl, stack.baseUrl).toString());

    const up = await withRss(pids, () => uploadLarge(stack.baseUrl, org, admin, FILE_BYTES));
    if (up.result.status !== 201) throw new Error(`the 1 GiB upload answered ${up.result.status}: ${up.result.body}`);
    const doc = JSON.parse(up.result.body) as { id: string; fileUrl: string; fileSize: number };
    const down = await withRss(pids, () => downloadCounting(new URL(doc.fileUrl, stack.baseUrl).toString()));
    if (down.result.status !== 200 || down.result.bytes !== doc.fileSize)
      throw new Error(`the download answered ${down.result.status}, ${down.result.bytes} bytes`);
    const upMBs = (FILE_BYTES + 9) / 1e6 / up.result.seconds;
    const downMBs = down.result.bytes / 1e6 / down.result.seconds;
    const memoryRow = (r: Rss) => `${mb(r.before)} MiB → peak ${mb(r.peak)} MiB (+${mb(r.peak - r.before)} MiB)`;
    if (TRANSFER_ONLY) {
      process.stdout.write(
        `${FILE_MIB} MiB: upload ${upMBs.toFixed(0)} MB/s (gateway ${memoryRow(up.rss.gateway)}, documents ${memoryRow(up.rss.documents)}); ` +
          `download ${downMBs.toFixed(0)} MB/s (gateway ${memoryRow(down.rss.gateway)}, documents ${memoryRow(down.rss.documents)}); load ${os.loadavg()[0]?.toFixed(1)}\n`,
      );
      return;
    }

    // 10,000 documents in one folder.
    const seedStart = Date.now();
    const service = () => ({ token: signer.signService('connector'), timeoutMs: 120_000 });
    const folders = await unary(
      client,
      client.upsertFolders,
      { organizationId: org, folders: [{ externalId: 'big', name: 'Big folder', parentExternalId: '' }] },
      service(),
    );
    const folderId = folders.results[0]?.id ?? '';
    for (let from = 0; from < DOCUMENTS; from += BATCH) {
      const documents = Array.from({ length: BATCH }, (_, k) => ({
        externalId: `doc-${from + k}`,
        name: `Document ${from + k}`,
        fileUrl: `https://legacy.example/uploads/${from + k}.pdf`,
        fileName: '',
        mimeType: 'application/pdf',
        fileSize: String(1000 + k),
        access: (from + k) % 10 === 0 ? 'PRIVATE' : 'MEMBERS_ONLY',
        folderExternalId: 'big',
      }));
      const answer = await unary(client, client.upsertDocuments, { organizationId: org, importedBy: randomUUID(), documents, copyFiles: false }, service());
      if (answer.created !== BATCH) throw new Error(`a batch created ${answer.created} of ${BATCH}`);
    }
    const seedSeconds = (Date.now() - seedStart) / 1000;
    // What autovacuum does within a minute of such an import: statistics and the visibility map
    // (so the listing's count and access filter are index-only).
    const database = stack.schemas['documents'];
    if (!database) throw new Error('the stack did not report the documents schema');
    const db = new pg.Client({ connectionString: database.connectionString });
    await db.connect();
    try {
      await db.query(`VACUUM (ANALYZE) ${pg.escapeIdentifier(database.schema)}.documents`);
    } finally {
      await db.end();
    }
    const visible = DOCUMENTS - DOCUMENTS / 10;
    const pages = Math.ceil(visible / PAGE_SIZE);
    const listGrpc = (i: number) =>
      unary(client, client.listDocuments, documentsV1.ListDocumentsRequest.fromPartial({ organizationId: org, folderId, page: i % pages, size: PAGE_SIZE }), {
        token: member,
      });
    const listHttp = async (i: number) => {
      const res = await fetch(`${stack.baseUrl}/api/orgs/${org}/documents?folderId=${folderId}&page=${i % pages}&size=${PAGE_SIZE}`, {
        headers: { authorization: `Bearer ${member}` },
      });
      if (res.status !== 200) throw new Error(`listing answered ${res.status}`);
      await res.arrayBuffer();
    };
    const listSearch = (i: number) =>
      unary(
        client,
        client.listDocuments,
        documentsV1.ListDocumentsRequest.fromPartial({ organizationId: org, folderId, search: String(i % 1000), size: PAGE_SIZE }),
        { token: member },
      );
    await timed(100, listGrpc);
    await timed(100, listHttp);
    const grpcPages = await timed(pages * ROUNDS, listGrpc);
    const httpPages = await timed(pages * ROUNDS, listHttp);
    const searchPages = await timed(500, listSearch);
    const [load = 0] = os.loadavg();

    writeSection(
      'documents-transfer',
      `## Documents: 1 GiB through the gateway, and a folder of 10,000 documents

Machine: ${machineLine()}, load average ${load.toFixed(1)} at the end. The machine is shared with
other sessions building and testing at the same time (2 cores for everyone), so these figures are
lower than the same run on an idle machine; the RSS figures do not depend on it.

Built gateway and documents service, LOCAL storage on this machine's disk, the bench client in a
third process on the same cores. The route limit raised to 2 GiB for this run (a copy of the proto
sources through \`PROTO_DIR\`, and \`DOCUMENTS_MAX_UPLOAD_BYTES\`).

| transfer (1 GiB) | time | MB/s (target ≥ 100) | gateway RSS | documents RSS |
|---|---|---|---|---|
| upload, multipart through the gateway | ${up.result.seconds.toFixed(1)} s | **${upMBs.toFixed(0)}** | ${memoryRow(up.rss.gateway)} | ${memoryRow(up.rss.documents)} |
| download by the signed URL | ${down.result.seconds.toFixed(1)} s | **${downMBs.toFixed(0)}** | ${memoryRow(down.rss.gateway)} | ${memoryRow(down.rss.documents)} |

RSS growth target: < 64 MB per process (peak during the transfer minus RSS just before it). The
upload is hashed (SHA-256) and type-checked on the way; neither process holds the file: the gateway
passes 64 KiB gRPC messages paced by HTTP/2 flow control, the service streams them to a temporary
file renamed into place.

Listing a folder of ${DOCUMENTS.toLocaleString('en')} documents (imported in ${seedSeconds.toFixed(0)} s through \`UpsertDocuments\`,
${BATCH} a call, then \`VACUUM ANALYZE\` as autovacuum would do; a tenth PRIVATE, so a MEMBER sees
${visible.toLocaleString('en')}), as a MEMBER, page size ${PAGE_SIZE}, every
page ${ROUNDS} times, newest first (offset paging: the last pages skip ${(visible - PAGE_SIZE).toLocaleString('en')} rows):

| listing | p50 ms | p95 ms | p99 ms |
|---|---|---|---|
${row('every page, gRPC to the service (target p95 < 20 ms)', grpcPages, true)}
${row('every page, HTTP through the gateway', httpPages)}
${row('name search in the folder, gRPC', searchPages)}

The listing reads a page and the count of the folder's visible documents (partial index on
(organization_id, folder_id, created_at desc, id) including access, over live rows). Downloads
travel on a gateway channel with an 8 MiB HTTP/2 window (\`TRANSFER_WINDOW_BYTES\`); uploads on the
service's default 64 KiB stream window (the service kit's server settings). Run: \`npm run bench -- documents-transfer\`
(header of \`tools/bench/documents-transfer.ts\`).`,
    );
  } finally {
    client.close();
    await stack.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
