import { execFileSync } from 'node:child_process';
import path from 'node:path';

const workspace = path.resolve(__dirname, '../..');
const eslintBin = path.join(workspace, 'node_modules/eslint/bin/eslint.js');

interface Report {
  file: string;
  line: number;
  rule: string | null;
  message: string;
}

/** ESLint's JSON report of `files`, run from `cwd` with the config found there. */
function lint(cwd: string, files: string[]): Report[] {
  let out: string;
  try {
    out = execFileSync(process.execPath, [eslintBin, '-f', 'json', ...files], { cwd, encoding: 'utf8' });
  } catch (err) {
    // ESLint exits 1 when it reports errors; the report is still on stdout.
    out = (err as { stdout: string }).stdout;
  }
  const results = JSON.parse(out) as Array<{ filePath: string; messages: Array<{ line: number; ruleId: string | null; message: string }> }>;
  return results.flatMap((r) => r.messages.map((m) => ({ file: path.relative(cwd, r.filePath), line: m.line, rule: m.ruleId, message: m.message })));
}

describe('platform/prisma-outside-store', () => {
  it('reports queries outside store/ (directly, through an alias, raw) and transactions outside app/, nothing in store/', () => {
    const reports = lint(path.join(__dirname, 'test/fixture'), ['apps']);
    expect(reports.map(({ file, line, rule }) => `${file}:${line} ${rule}`).sort()).toEqual(
      [
        'apps/demo/src/app/end-membership.ts:8 platform/prisma-outside-store',
        'apps/demo/src/jobs/sweep.ts:5 platform/prisma-outside-store',
        'apps/demo/src/rpc/members.ts:6 platform/prisma-outside-store',
        'apps/demo/src/rpc/members.ts:8 platform/prisma-outside-store',
        'apps/demo/src/rpc/members.ts:9 platform/prisma-outside-store',
      ].sort(),
    );
    expect(reports.find((r) => r.file.endsWith('sweep.ts'))?.message).toContain('a use case in app/ opens the transaction');
    expect(reports.filter((r) => r.file.endsWith('members.ts')).map((r) => r.message.match(/`([^`]+)`/)?.[1])).toEqual(['findMany', 'findMany', '$queryRaw']);
  });

  it('is on in the workspace for every service folder but store/ and tests, with transactions allowed in app/ and main.ts', () => {
    const script = `
      import { ESLint } from 'eslint';
      const eslint = new ESLint({ cwd: ${JSON.stringify(workspace)} });
      const files = process.argv.slice(1);
      const out = {};
      for (const file of files) out[file] = (await eslint.calculateConfigForFile(file)).rules?.['platform/prisma-outside-store'] ?? 'none';
      console.log(JSON.stringify(out));
    `;
    const files = [
      'apps/organisation/src/rpc/members.ts',
      'apps/identity/src/jobs/expired-records.ts',
      'apps/events/src/domain/pricing.ts',
      'apps/content/src/app/publish.ts',
      'apps/connector/src/main.ts',
      'apps/organisation/src/store/members.ts',
      'apps/organisation/src/rpc/members.spec.ts',
      'apps/organisation/test/member-import.integration-spec.ts',
    ];
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script, ...files], { cwd: workspace, encoding: 'utf8' })) as Record<
      string,
      unknown
    >;
    expect(out).toEqual({
      'apps/organisation/src/rpc/members.ts': [2],
      'apps/identity/src/jobs/expired-records.ts': [2],
      'apps/events/src/domain/pricing.ts': [2],
      'apps/content/src/app/publish.ts': [2, { allowTransactions: true }],
      'apps/connector/src/main.ts': [2, { allowTransactions: true }],
      'apps/organisation/src/store/members.ts': 'none',
      'apps/organisation/src/rpc/members.spec.ts': 'none',
      'apps/organisation/test/member-import.integration-spec.ts': 'none',
    });
  });
});
