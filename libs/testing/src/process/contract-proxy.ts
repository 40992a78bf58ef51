import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  /** Whether the stack used its Jest worker's shared Prism or started one of its own. */
  prism: 'shared' | 'own';
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
 * Where the run shares its Prisms (`startSharedContractProxies`, the e2e suite's global setup) and
 * the gateway serves the document they were started with, the stack uses its worker's Prism, which
 * reaches this gateway through the shared switch; otherwise it starts a Prism of its own.
 */
export async function startContractProxy(label: string, gatewayUrl: string): Promise<ContractProxy> {
  const document = await (await fetch(`${gatewayUrl}/api/docs/openapi.json`)).text();
  const binaryRoutes = binaryResponseRoutes(JSON.parse(document) as OpenApiDocument);
  const gateway = new URL(gatewayUrl);
  const shared = sharedPrismFor(document);
  const prism = shared ? { url: shared, stop: async () => undefined } : await startOwnPrism(label, document, gatewayUrl);
  const prismUrl = new URL(prism.url);
  const throughSwitch: Record<string, string> = shared ? { [UPSTREAM_HEADER]: gateway.host } : {};
  const report: ContractReport = { prism: shared ? 'shared' : 'own', checked: 0, bypassed: {}, violations: [] };

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
    const upstream = bypass ? await forward(gateway, req, body) : await forward(prismUrl, req, body, throughSwitch);
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
    },
  };
}

/** A Prism of the stack's own, in front of its gateway, with the document written to a temporary file. */
async function startOwnPrism(label: string, document: string, gatewayUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  const documentFile = writeDocument(`${label}-${process.pid}`, document);
  const port = await freePort();
  const prism = await startPrism(documentFile, gatewayUrl, port);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await prism.stop();
      rmSync(documentFile, { force: true });
    },
  };
}

function writeDocument(name: string, document: string): string {
  const dir = path.join(os.tmpdir(), 'platform-contract');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, document);
  return file;
}

/**
 * The header a stack's relay names its gateway in (`host:port`) when it uses a shared Prism: Prism
 * passes request headers on, and the switch behind it forwards to that gateway, without the header.
 */
export const UPSTREAM_HEADER = 'x-contract-upstream';
/** Where the global setup tells the suites about the shared Prisms: `{ "document": <file>, "prisms": [<url>, …] }`. */
const SHARED_ENV = 'STACK_CONTRACT_SHARED';

/** This Jest worker's shared Prism, if the run has them and they check `document`. */
function sharedPrismFor(document: string): string | undefined {
  const shared = process.env[SHARED_ENV];
  if (!shared) return undefined;
  const { document: file, prisms } = JSON.parse(shared) as { document: string; prisms: string[] };
  // A gateway started with settings that change its document gets a Prism of its own.
  if (!existsSync(file) || readFileSync(file, 'utf8') !== document || prisms.length === 0) return undefined;
  const worker = Number(process.env['JEST_WORKER_ID'] ?? 1);
  return prisms[(worker - 1) % prisms.length];
}

export interface SharedContractProxies {
  /** Variables the test processes need to find them (set them before the workers start). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts `count` Prisms (one per Jest worker) with the document the gateway serves, written to
 * `documentFile`, all in front of one switch that forwards each exchange to the gateway its relay
 * names (UPSTREAM_HEADER). A stack then costs no Prism start of its own (about 3 s of CPU each).
 */
export async function startSharedContractProxies(documentFile: string, count: number): Promise<SharedContractProxies> {
  const contractSwitch = http.createServer((req, res) => {
    void switchExchange(req, res).catch((err: Error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`contract switch: ${err.message}`);
    });
  });
  const switchExchange = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const upstream = String(req.headers[UPSTREAM_HEADER] ?? '');
    const [host, port] = upstream.split(':');
    if (host !== '127.0.0.1' || !port) throw new Error(`no gateway named in ${UPSTREAM_HEADER}`);
    const body = await readAll(req);
    delete req.headers[UPSTREAM_HEADER];
    // Read whole, sent whole, like Prism's own forwarder: a gateway that answers before reading all
    // of a body it refuses (413) leaves nothing half-sent on Prism's kept-alive connection.
    const answer = await forward(new URL(`http://${upstream}`), req, body);
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  };
  const switchPort = await freePort();
  await new Promise<void>((resolve) => contractSwitch.listen(switchPort, '127.0.0.1', resolve));
  const prisms = await Promise.all(
    Array.from({ length: count }, async () => {
      const port = await freePort();
      return { url: `http://127.0.0.1:${port}`, process: await startPrism(documentFile, `http://127.0.0.1:${switchPort}`, port) };
    }),
  );
  return {
    env: { [SHARED_ENV]: JSON.stringify({ document: documentFile, prisms: prisms.map((p) => p.url) }) },
    stop: async () => {
      await Promise.all(prisms.map((p) => p.process.stop()));
      contractSwitch.closeAllConnections();
      await new Promise<void>((resolve) => contractSwitch.close(() => resolve()));
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

function forward(target: URL, req: IncomingMessage, body: Buffer, extraHeaders: Record<string, string> = {}): Promise<IncomingMessage> {
  const headers = { ...req.headers, ...extraHeaders, host: target.host };
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
