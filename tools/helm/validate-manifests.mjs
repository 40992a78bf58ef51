#!/usr/bin/env node
// Validates rendered Kubernetes manifests offline against the Kubernetes schemas (kubernetes-models,
// and @kubernetes-models/prometheus-operator for ServiceMonitor): types, required fields, enums,
// formats, and, stricter than the API server's default, fields the schema does not know (a typo in
// a template such as `readinesProbe` fails here).
//   node tools/helm/validate-manifests.mjs rendered.yaml…   (or - for standard input)
//   --json   print [{file, kind, name, errors}] instead of lines
// Exit status 1 when a manifest is invalid or of a kind without a schema.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { packageDir, requireTool } from './tool-packages.mjs';

/** The model module of an apiVersion/kind, e.g. apps/v1 Deployment → kubernetes-models/apps/v1/Deployment.js. */
function modelFile(apiVersion, kind) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const [pkg, dir] = group.endsWith('monitoring.coreos.com')
    ? ['@kubernetes-models/prometheus-operator', `${group}/${version}`]
    : ['kubernetes-models', group ? `${group}/${version}` : version];
  const root = packageDir(pkg);
  if (!root) throw new Error(`${pkg} is not installed (needed for ${apiVersion} ${kind})`);
  return path.join(root, dir, `${kind}.js`);
}

/**
 * A copy of `value` whose objects record which keys the validator read. The generated validators
 * read every property their schema declares and enumerate maps (labels, resources…); a key that
 * was neither read nor enumerated is unknown to the schema.
 */
function tracked(value, where, checks) {
  if (Array.isArray(value)) return value.map((item, i) => tracked(item, `${where}/${i}`, checks));
  if (!value || typeof value !== 'object') return value;
  const read = new Set();
  let enumerated = false;
  const copy = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, tracked(v, `${where}/${k}`, checks)]));
  checks.push(() =>
    enumerated
      ? []
      : Object.keys(copy)
          .filter((k) => !read.has(k))
          .map((k) => `${where}/${k}`),
  );
  return new Proxy(copy, {
    get: (target, key, receiver) => (read.add(key), Reflect.get(target, key, receiver)),
    has: (target, key) => (read.add(key), Reflect.has(target, key)),
    getOwnPropertyDescriptor: (target, key) => (read.add(key), Reflect.getOwnPropertyDescriptor(target, key)),
    ownKeys: (target) => ((enumerated = true), Reflect.ownKeys(target)),
  });
}

export async function validateManifest(doc) {
  const { apiVersion, kind } = doc ?? {};
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return ['apiVersion and kind are required'];
  let model;
  try {
    const module = await import(pathToFileURL(modelFile(apiVersion, kind)).href);
    model = module[kind];
  } catch (err) {
    return [`no schema for ${apiVersion} ${kind} (${err.code ?? err.message})`];
  }
  const checks = [];
  const subject = tracked(doc, '', checks);
  const errors = [];
  try {
    model.prototype.validate.call(subject);
  } catch (err) {
    errors.push(...(err.errors ?? [{ instancePath: '', message: err.message }]).map((e) => `${e.instancePath || '/'} ${e.message}`));
  }
  // Report an unknown field once, not again for each field inside it.
  const unknown = checks.flatMap((check) => check());
  const outermost = unknown.filter((p) => !unknown.some((q) => p.startsWith(`${q}/`)));
  return [...errors, ...outermost.map((p) => `${p} is not a field of the schema`)];
}

export async function validateFiles(files) {
  const { parseAllDocuments } = requireTool('yaml');
  const results = [];
  for (const file of files) {
    const text = readFileSync(file === '-' ? 0 : file, 'utf8');
    for (const document of parseAllDocuments(text)) {
      if (document.errors.length) {
        results.push({ file, kind: '?', name: '?', errors: document.errors.map((e) => e.message) });
        continue;
      }
      const doc = document.toJS();
      if (doc === null || doc === undefined) continue;
      results.push({ file, kind: doc.kind, name: doc.metadata?.name, errors: await validateManifest(doc) });
    }
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const files = args.filter((a) => a !== '--json');
  if (!files.length) {
    console.error('usage: validate-manifests.mjs [--json] <file.yaml|->…');
    process.exit(2);
  }
  const results = await validateFiles(files);
  if (args.includes('--json')) {
    process.stdout.write(JSON.stringify(results, null, 2) + '\n');
  } else {
    for (const r of results) {
      console.log(`${r.errors.length ? 'INVALID' : 'ok     '} ${r.kind}/${r.name} (${r.file})`);
      for (const e of r.errors) console.log(`        ${e}`);
    }
  }
  process.exit(results.some((r) => r.errors.length) ? 1 : 0);
}
