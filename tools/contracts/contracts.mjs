// Contract checks for the protos (gRPC services and domain-message payloads) against the last
// released version, with buf's own breaking-change rules (decision 0221).
//
// - The released baseline is a buf image in JSON (proto/released/platform.json), written at a release
//   by `npm run contracts:release`; `npm run contracts:check` runs `buf breaking` against it.
// - Rule set: buf's FILE category (the strictest; it contains WIRE_JSON, so field numbers, types and
//   JSON names are all held, plus message, service and RPC names and which file declares what).
// - A deliberate break is recorded in proto/breaking-exceptions.yaml (rule, path, reason, issue);
//   each entry becomes one of buf's `breaking.ignore_only` paths for that rule.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

export const workspace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULTS = {
  proto: path.join(workspace, 'proto'),
  baseline: path.join(workspace, 'proto/released/platform.json'),
  exceptions: path.join(workspace, 'proto/breaking-exceptions.yaml'),
};
/** The breaking-change rule set: FILE ⊃ PACKAGE ⊃ WIRE_JSON ⊃ WIRE. */
export const RULE_SET = 'FILE';

const require = createRequire(import.meta.url);

/** The buf binary of the @bufbuild/buf devDependency (its platform package directly: no Node wrapper per run). */
export function bufBinary() {
  const exe = process.platform === 'win32' ? 'buf.exe' : 'buf';
  const os = process.platform === 'win32' ? 'win32' : process.platform;
  try {
    return require.resolve(`@bufbuild/buf-${os}-${process.arch}/bin/${exe}`);
  } catch {
    return require.resolve('@bufbuild/buf/bin/buf');
  }
}

/** Runs buf with `args` in `cwd`; resolves with its exit code and output (never rejects on a non-zero exit). */
export function runBuf(args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(bufBinary(), args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

export class ExceptionsError extends Error {}

let knownRules;
/** buf's breaking rule ids (v2 configuration). */
async function breakingRuleIds(cwd) {
  if (!knownRules) {
    const { code, stdout, stderr } = await runBuf(['config', 'ls-breaking-rules', '--version', 'v2', '--format', 'json', '--include-deprecated'], cwd);
    if (code !== 0) throw new Error(`buf config ls-breaking-rules failed: ${stderr}`);
    knownRules = new Set(
      stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).id),
    );
  }
  return knownRules;
}

/** A path as buf names it: relative to the proto directory (a leading `proto/` as printed by the check is accepted). */
function modulePath(p, protoDir) {
  const prefix = `${path.basename(protoDir)}/`;
  const clean = p.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
  return clean.startsWith(prefix) ? clean.slice(prefix.length) : clean;
}

/**
 * The recorded exceptions, validated: each needs a known buf rule id, a path (a .proto file or a
 * directory, relative to proto/) that exists now or in the baseline, a reason and an issue.
 * Throws ExceptionsError naming every problem.
 */
export async function readExceptions(file, protoDir, baselineFiles = []) {
  if (!existsSync(file)) return [];
  let doc;
  try {
    doc = YAML.parse(readFileSync(file, 'utf8')) ?? {};
  } catch (error) {
    throw new ExceptionsError(`${file}: not valid YAML: ${error.message}`);
  }
  const entries = doc.exceptions ?? [];
  const problems = [];
  if (!Array.isArray(entries)) throw new ExceptionsError(`${file}: "exceptions" must be a list`);
  if (entries.length === 0) return [];
  const rules = await breakingRuleIds(protoDir);
  const allowed = new Set(['rule', 'path', 'reason', 'issue']);
  const exceptions = entries.map((entry, i) => {
    const where = `${file}: exception ${i + 1}`;
    if (!entry || typeof entry !== 'object') {
      problems.push(`${where}: must be a mapping with rule, path, reason and issue`);
      return null;
    }
    for (const key of Object.keys(entry)) if (!allowed.has(key)) problems.push(`${where}: unknown key "${key}" (rule, path, reason, issue)`);
    const text = (value) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
    const rule = text(entry.rule);
    const p = text(entry.path) ? modulePath(text(entry.path), protoDir) : '';
    const reason = text(entry.reason);
    const issue = text(entry.issue);
    if (!rule) problems.push(`${where}: no rule (a buf rule id such as FIELD_NO_DELETE, as the check printed it)`);
    else if (!rules.has(rule)) problems.push(`${where}: "${rule}" is not a buf breaking rule id`);
    if (!p) problems.push(`${where}: no path (the .proto file, relative to proto/)`);
    else if (!existsSync(path.join(protoDir, p)) && !baselineFiles.some((f) => f === p || f.startsWith(`${p}/`))) {
      problems.push(`${where}: path "${p}" is neither in proto/ nor in the released baseline`);
    }
    if (!reason) problems.push(`${where}: no reason: a deliberate break must say why older peers are safe (or accepted to break)`);
    if (!issue) problems.push(`${where}: no issue: name the issue that decided the break`);
    return { rule, path: p, reason, issue };
  });
  if (problems.length > 0) throw new ExceptionsError(problems.join('\n'));
  return exceptions;
}

/** The buf configuration for the check: proto/buf.yaml with `breaking` set to the rule set and the exceptions. */
export function breakingConfig(protoDir, exceptions) {
  const config = YAML.parse(readFileSync(path.join(protoDir, 'buf.yaml'), 'utf8'));
  const ignoreOnly = {};
  for (const { rule, path: p } of exceptions) (ignoreOnly[rule] ??= []).includes(p) || ignoreOnly[rule].push(p);
  config.breaking = { use: [RULE_SET], ...(exceptions.length > 0 ? { ignore_only: ignoreOnly } : {}) };
  return config;
}

/** The .proto files an image describes. */
export function imageFiles(imageFile) {
  if (!existsSync(imageFile)) return [];
  return (JSON.parse(readFileSync(imageFile, 'utf8')).file ?? []).map((f) => f.name);
}

/**
 * Runs buf breaking on `proto` against the image `baseline`, with the exceptions in `exceptionsFile`.
 * Returns { failures: [{ path, line, column, rule, message }], exceptions }.
 */
export async function checkContracts({ proto = DEFAULTS.proto, baseline = DEFAULTS.baseline, exceptionsFile = DEFAULTS.exceptions } = {}) {
  if (!existsSync(baseline)) throw new Error(`no released baseline at ${baseline}: run \`npm run contracts:release\` once to record one`);
  const exceptions = await readExceptions(exceptionsFile, proto, imageFiles(baseline));
  const config = breakingConfig(proto, exceptions);
  const { code, stdout, stderr } = await runBuf(
    ['breaking', '.', '--against', path.resolve(baseline), '--config', JSON.stringify(config), '--error-format', 'json'],
    proto,
  );
  if (code !== 0 && code !== 100) throw new Error(`buf breaking failed (exit ${code}): ${stderr || stdout}`);
  const failures = stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      const f = JSON.parse(line);
      return { path: f.path, line: f.start_line ?? 0, column: f.start_column ?? 0, rule: f.type, message: f.message };
    });
  if (code === 100 && failures.length === 0) throw new Error(`buf breaking reported a failure it did not describe: ${stderr}`);
  return { failures, exceptions };
}

/** One line per failure, as `proto/<file>:<line>:<column>: <message> [<RULE>]`. */
export function formatFailure(failure, protoDir = DEFAULTS.proto) {
  const file = `${path.basename(protoDir)}/${failure.path}`;
  const at = failure.line ? `:${failure.line}:${failure.column}` : '';
  return `${file}${at}: ${failure.message} [${failure.rule}]`;
}

/**
 * The JSON image as committed: objects and arrays whose members are all scalars on one line (a
 * field, an enum value, a method), everything else one member per line, so a release's diff of
 * the baseline reads as the contract changes it records.
 */
export function formatImage(value, indent = '') {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const members = Array.isArray(value) ? value : Object.values(value);
  if (members.every((m) => m === null || typeof m !== 'object')) return JSON.stringify(value);
  const inner = `${indent} `;
  const lines = Array.isArray(value)
    ? value.map((m) => inner + formatImage(m, inner))
    : Object.entries(value).map(([k, m]) => `${inner}${JSON.stringify(k)}: ${formatImage(m, inner)}`);
  return Array.isArray(value) ? `[\n${lines.join(',\n')}\n${indent}]` : `{\n${lines.join(',\n')}\n${indent}}`;
}

/** Builds `proto` into a JSON image (no source info: locations come from the current protos) at `out`. */
export async function writeBaseline({ proto = DEFAULTS.proto, out = DEFAULTS.baseline } = {}) {
  const { code, stdout, stderr } = await runBuf(['build', '.', '--exclude-source-info', '-o', '-#format=json'], proto);
  if (code !== 0) throw new Error(`buf build failed (exit ${code}): ${stderr}`);
  writeFileSync(out, formatImage(JSON.parse(stdout)) + '\n');
  return imageFiles(out);
}

export const EXCEPTIONS_HEADER = `# Deliberate breaking changes to the protos since the last release (decision 0221).
#
# \`npm run contracts:check\` compares proto/ with proto/released/platform.json using buf's FILE
# rules. A change an older peer cannot read fails it, unless an entry below records it:
#
#   - rule: FIELD_NO_DELETE            # the rule id the check printed in [brackets]
#     path: platform/messages/v1/common.proto   # the file (or a directory), relative to proto/
#     reason: why every running peer is safe, or why breaking them is accepted
#     issue: 42                        # the issue that decided it
#
# An entry excuses that rule for the whole file. Every field is required. \`npm run contracts:release\`
# records a new baseline and empties this list.
`;

/** Writes an empty exceptions file (after a release the baseline includes every recorded break). */
export function resetExceptions(file = DEFAULTS.exceptions) {
  writeFileSync(file, `${EXCEPTIONS_HEADER}exceptions: []\n`);
}
