import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, workspaceRoot } from './app-process';

/** One of Prism's findings (its `sl-violations` header), with the exchange it was found in. */
export interface ContractViolation {
  method: string;
  path: string;
  status: number;
  /** `request` or `response`: which side of the exchange is off the document. */
  side: 'request' | 'response';
  location: string;
  severity: string;
  message: string;
}

/** What a contract proxy saw: every violation, and how many exchanges Prism checked or could not. */
export interface ContractReport {
  checked: number;
  /** Exchanges sent straight to the gateway, by reason (see `bypassReason`). */
  bypassed: Record<string, number>;
  violations: ContractViolation[];
}

export interface ContractProxy {
  /** `http://127.0.0.1:<port>`: where the tests send what they would send to the gateway. */
  url: string;
  report(): ContractReport;
  stop(): Promise<void>;
}

/**
 * The stack's validating proxy: Stoplight Prism in proxy mode (`prism proxy`) with the document
 * the gateway under test serves, the gateway behind it, and in front a byte-exact relay that reads
 * Prism's `sl-violations` header off every answer (the structured record the run is judged on) and
 * sends the few exchanges Prism cannot carry intact straight to the gateway (see `bypassReason`).
 */
export async function startContractProxy(label: string, gatewayUrl: string): Promise<ContractProxy> {
  const document = await (await fetch(`${gatewayUrl}/api/docs/openapi.json`)).text();
  const dir = path.join(os.tmpdir(), 'platform-contract');
  mkdirSync(dir, { recursive: true });
  const documentFile = path.join(dir, `${label}-${process.pid}.json`);
  writeFileSync(documentFile, document);
  const binaryRoutes = binaryResponseRoutes(JSON.parse(document) as OpenApiDocument);

  const prismPort = await freePort();
  const prism = await startPrism(documentFile, gatewayUrl, prismPort);
  const prismUrl = new URL(`http://127.0.0.1:${prismPort}`);
  const gateway = new URL(gatewayUrl);
  const report: ContractReport = { checked: 0, bypassed: {}, violations: [] };

  const relay = http.createServer((req, res) => {
    void relayExchange(req, res).catch((err: Error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`contract proxy: ${err.message}`);
    });
  });
  const relayExchange = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readAll(req);
    const method = req.method ?? 'GET';
    const pathOnly = (req.url ?? '/').split('?')[0] as string;
    const bypass = bypassReason(req, body, binaryRoutes(method, pathOnly));
    if (bypass) report.bypassed[bypass] = (report.bypassed[bypass] ?? 0) + 1;
    else report.checked++;
    const upstream = await forward(bypass ? gateway : prismUrl, req, body);
    const found = upstream.headers['sl-violations'];
    delete upstream.headers['sl-violations'];
    if (typeof found === 'string') report.violations.push(...parseViolations(found, method, pathOnly, upstream.statusCode ?? 0));
    res.writeHead(upstream.statusCode ?? 502, upstream.headers);
    upstream.pipe(res);
  };
  const relayPort = await freePort();
  await new Promise<void>((resolve) => relay.listen(relayPort, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${relayPort}`,
    report: () => report,
    stop: async () => {
      relay.closeAllConnections();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      await prism.stop();
      rmSync(documentFile, { force: true });
    },
  };
}

/**
 * Why an exchange goes straight to the gateway instead of through Prism, or undefined. Prism's
 * proxy reads a request body as parsed JSON (sent on re-serialised) or as UTF-8 text, and an
 * answer's body the same way: a body that is not JSON it can parse, or not UTF-8 text (a file in a
 * multipart upload, a download), would reach the other side changed. Nor can it carry a streamed
 * upload the gateway refuses half-way. Those exchanges are not checked.
 */
export function bypassReason(req: Pick<IncomingMessage, 'headers'>, body: Buffer, binaryResponse: boolean): string | undefined {
  if (binaryResponse) return 'binary response (a file download)';
  if (body.length === 0) return undefined;
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  // The gateway streams an upload and answers 413 as soon as the file passes its limit, before the
  // rest is read; Prism's forwarder, which sends the whole body first, then answers a 500 of its own.
  if (type.startsWith('multipart/')) return 'multipart upload';
  const text = body.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(body)) return 'request body not UTF-8 text (a file upload)';
  if (/^application\/([a-z0-9.+-]+\+)?json\b/.test(type)) {
    try {
      if (JSON.stringify(JSON.parse(text)) !== text) return 'request body JSON that Prism would re-serialise differently';
    } catch {
      return 'request body malformed JSON (Prism answers it itself)';
    }
  }
  return undefined;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>;
}

/**
 * A matcher for the operations whose success answer is a file (content neither JSON nor text). A
 * variable matches across slashes: `/api/storage/{path}` stands for `<organisation>/<document>/<name>`.
 */
export function binaryResponseRoutes(document: OpenApiDocument): (method: string, path: string) => boolean {
  const binary: Array<{ method: string; pattern: RegExp }> = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const types = Object.values(operation.responses ?? {}).flatMap((response) => Object.keys(response.content ?? {}));
      if (!types.some((type) => !/json|^text\//.test(type))) continue;
      const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '.+')}$`);
      binary.push({ method: method.toUpperCase(), pattern });
    }
  }
  return (method, requestPath) =>
    binary.some((route) => (route.method === method || (method === 'HEAD' && route.method === 'GET')) && route.pattern.test(requestPath));
}

function parseViolations(header: string, method: string, requestPath: string, status: number): ContractViolation[] {
  // Prism cuts a header past 8 KB ("Too many violations! …"): keep what it says as one finding.
  let found: Array<{ location?: string[]; severity?: string; message?: string }>;
  try {
    found = JSON.parse(header) as typeof found;
  } catch {
    return [{ method, path: requestPath, status, side: 'response', location: '', severity: 'Error', message: header.slice(0, 500) }];
  }
  return found.map((v) => ({
    method,
    path: requestPath,
    status,
    side: v.location?.[0] === 'request' ? 'request' : 'response',
    location: (v.location ?? []).join('.'),
    severity: v.severity ?? '',
    message: v.message ?? '',
  }));
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function forward(target: URL, req: IncomingMessage, body: Buffer): Promise<IncomingMessage> {
  const headers = { ...req.headers, host: target.host };
  if (body.length > 0 || req.headers['content-length'] !== undefined) {
    delete headers['transfer-encoding'];
    headers['content-length'] = String(body.length);
  }
  return new Promise((resolve, reject) => {
    const out = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, resolve);
    out.on('error', reject);
    out.end(body);
  });
}

/** `prism proxy` as a child process on the workspace's Node 24 (Prism needs it), ready once it answers. */
async function startPrism(documentFile: string, upstream: string, port: number): Promise<{ stop(): Promise<void> }> {
  const root = workspaceRoot();
  const node = existsSync(path.join(root, 'node_modules/.bin/node')) ? path.join(root, 'node_modules/.bin/node') : process.execPath;
  const cli = path.join(root, 'node_modules/@stoplight/prism-cli/dist/index.js');
  const args = [cli, 'proxy', documentFile, upstream, '--host', '127.0.0.1', '--port', String(port), '--cors', 'false', '--errors', 'false', '-v', 'error'];
  const child: ChildProcess = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A suite whose setup timed out is force-exited by Jest without its afterAll: take Prism along.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prism exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`prism did not answer on port ${port} within 60 s:\n${output}`);
    }
    try {
      await fetch(`http://127.0.0.1:${port}/api/docs/openapi.json`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    stop: async () => {
      process.off('exit', orphaned);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
