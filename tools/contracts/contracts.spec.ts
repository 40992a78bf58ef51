import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm run contracts:check` on temporary copies of proto/ against a baseline recorded from the
 * unchanged copy by `contracts:release`: each kind of break fails naming what broke, additions
 * pass, and a recorded exception lets exactly its break through.
 */
const workspace = path.resolve(__dirname, '../..');
const COMMON = 'platform/messages/v1/common.proto';
const IDENTITY = 'platform/identity/v1/identity.proto';

let root: string;
let baseline: string;
let cases = 0;

interface Run {
  code: number;
  output: string;
}

function run(script: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(workspace, 'tools/contracts', script), ...args], { cwd: workspace });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** A fresh copy of proto/ with `edits` applied (file → text transform), checked with `exceptions` (YAML) if given. */
async function check(edits: Record<string, (text: string) => string>, exceptions?: string): Promise<Run> {
  const dir = path.join(root, `case-${++cases}`);
  const proto = path.join(dir, 'proto');
  cpSync(path.join(root, 'base/proto'), proto, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const target = path.join(proto, file);
    const before = readFileSync(target, 'utf8');
    const after = edit(before);
    if (after === before) throw new Error(`the edit of ${file} changed nothing`);
    writeFileSync(target, after);
  }
  const exceptionsFile = path.join(dir, 'breaking-exceptions.yaml');
  writeFileSync(exceptionsFile, exceptions ?? 'exceptions: []\n');
  return run('check.mjs', ['--proto', proto, '--against', baseline, '--exceptions', exceptionsFile]);
}

const replace = (from: string | RegExp, to: string) => (text: string) => text.replace(from, to);

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'contracts-'));
  cpSync(path.join(workspace, 'proto'), path.join(root, 'base/proto'), { recursive: true, filter: (src) => !src.includes(`${path.sep}released`) });
  baseline = path.join(root, 'released/platform.json');
  const release = await run('release.mjs', [
    '--proto',
    path.join(root, 'base/proto'),
    '--out',
    baseline,
    '--exceptions',
    path.join(root, 'released-exceptions.yaml'),
  ]);
  expect(release).toMatchObject({ code: 0 });
  expect(readFileSync(path.join(root, 'released-exceptions.yaml'), 'utf8')).toMatch(/^exceptions: \[\]$/m);
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('contracts:check', () => {
  test.concurrent('an unchanged copy passes', async () => {
    const result = await check({});
    expect(result.output).toMatch(/no breaking change/);
    expect(result.code).toBe(0);
  });

  test.concurrent('an added optional field passes', async () => {
    const result = await check({ [COMMON]: replace('  string detail_json = 10;\n', '  string detail_json = 10;\n  optional string note = 11;\n') });
    expect(result.output).toMatch(/no breaking change/);
    expect(result.code).toBe(0);
  });

  test.concurrent('removing a field fails, naming the field and its message', async () => {
    const result = await check({ [COMMON]: replace('  string user_email = 2;\n', '') });
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      `proto/${COMMON}:12:1: Previously present field "2" with name "user_email" on message "AuditRecorded" was deleted. [FIELD_NO_DELETE]`,
    );
    expect(result.output).toMatch(/A deliberate break\? Record it in .*breaking-exceptions\.yaml \(rule, path, reason, issue/);
  });

  test.concurrent('renumbering a field fails', async () => {
    const result = await check({ [COMMON]: replace('string user_email = 2;', 'string user_email = 11;') });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/Previously present field "2" with name "user_email" on message "AuditRecorded" was deleted\. \[FIELD_NO_DELETE\]/);
  });

  test.concurrent("changing a field's type fails", async () => {
    const result = await check({ [COMMON]: replace('string occurred_at = 9;', 'int64 occurred_at = 9;') });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/Field "9" with name "occurred_at" on message "AuditRecorded" changed type from "string" to "int64"\..*\[FIELD_SAME_TYPE\]/);
  });

  test.concurrent('renaming a message fails', async () => {
    const result = await check({ [COMMON]: replace('message AuditRecorded {', 'message AuditLogged {') });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/Previously present message "AuditRecorded" was deleted from file\. \[MESSAGE_NO_DELETE\]/);
  });

  test.concurrent('removing an RPC fails, naming it and its service', async () => {
    const result = await check({ [IDENTITY]: replace(/ {2}\/\/ Sign in as platform staff\.\n[\s\S]*?\n {2}rpc SystemLogin\([\s\S]*?\n {2}\}\n/, '') });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/Previously present RPC "SystemLogin" on service "IdentityService" was deleted\. \[RPC_NO_DELETE\]/);
  });

  test.concurrent("changing a field's JSON name fails (the gateway transcodes with it)", async () => {
    const result = await check({ [COMMON]: replace('string user_email = 2;', 'string user_email = 2 [json_name = "email"];') });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(
      /Field "2" with name "user_email" on message "AuditRecorded" changed option "json_name" from "userEmail" to "email"\. \[FIELD_SAME_JSON_NAME\]/,
    );
  });

  test.concurrent('a recorded exception lets its break pass, and only its break', async () => {
    const exception = (file: string) =>
      ['exceptions:', '  - rule: FIELD_NO_DELETE', `    path: ${file}`, '    reason: no consumer reads it any more (test)', '    issue: 29', ''].join('\n');
    const removeField = { [COMMON]: replace('  string user_email = 2;\n', '') };
    const [excused, otherFile, alsoRenamed] = await Promise.all([
      check(removeField, exception(`proto/${COMMON}`)),
      check(removeField, exception(IDENTITY)),
      check(
        { [COMMON]: (text) => replace('message AuditRecorded {', 'message AuditLogged {')(replace('  string user_email = 2;\n', '')(text)) },
        exception(COMMON),
      ),
    ]);
    expect(excused.output).toContain(`recorded exception FIELD_NO_DELETE ${COMMON} (issue 29)`);
    expect(excused.code).toBe(0);
    expect(otherFile.code).toBe(1);
    expect(otherFile.output).toMatch(/"user_email".*\[FIELD_NO_DELETE\]/);
    expect(alsoRenamed.code).toBe(1);
    expect(alsoRenamed.output).toMatch(/\[MESSAGE_NO_DELETE\]/);
  });

  test.concurrent('an exception without a reason, an issue, a known rule or an existing path is refused', async () => {
    const result = await check(
      { [COMMON]: replace('  string user_email = 2;\n', '') },
      [
        'exceptions:',
        `  - {rule: FIELD_NO_DELETE, path: ${COMMON}, issue: 29}`,
        `  - {rule: FIELD_NO_DELETE, path: ${COMMON}, reason: "  ", issue: 29}`,
        `  - {rule: FIELD_GONE, path: ${COMMON}, reason: r, issue: 29}`,
        '  - {rule: FIELD_NO_DELETE, path: platform/nowhere.proto, reason: r}',
        '',
      ].join('\n'),
    );
    expect(result.code).toBe(2);
    expect(result.output).toContain('exceptions refused');
    expect(result.output).toMatch(/exception 1: no reason/);
    expect(result.output).toMatch(/exception 2: no reason/);
    expect(result.output).toMatch(/exception 3: "FIELD_GONE" is not a buf breaking rule id/);
    expect(result.output).toMatch(/exception 4: path "platform\/nowhere\.proto" is neither in proto\/ nor in the released baseline/);
    expect(result.output).toMatch(/exception 4: no issue/);
  });
});
