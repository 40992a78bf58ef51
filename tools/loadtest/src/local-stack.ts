// The load test against a stack it starts on this machine, then stops: by default the built
// identity service and gateway from startPlatformStack (a stand-in organisation service whose
// memberships the setup fills in); with --with-organisation, the built organisation service too.
// Build first: `npx nx run-many -t build --projects=identity,gateway[,organisation]`.
//   node tools/loadtest/run.mjs local [loadtest options] [--bcrypt-cost 12] [--with-organisation] [--write-docs]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcrypt';
import { workspaceRoot } from '@platform/testing';
import { parseArgs, parseBaseUrl, runTimeBoundMs, splitLocalArgs, USAGE, UsageError, type LocalOptions } from './args';
import { platformStack, stackWithOrganisation } from './local-stacks';
import { stopOnSignals } from './cli-signals';
import { runLoadTest, writeReport } from './loadtest';
import { toMarkdown, verdict, type LoadTestReport } from './report';

const SECTION = 'loadtest';

/** Replaces the section between `<!-- bench:loadtest -->` and `<!-- /bench:loadtest -->` of docs/performance.md. */
function writeDocsSection(markdown: string): string {
  const file = path.join(workspaceRoot(), 'docs/performance.md');
  const start = `<!-- bench:${SECTION} -->`;
  const end = `<!-- /bench:${SECTION} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  const at = doc.indexOf(start);
  const until = doc.indexOf(end);
  doc = at >= 0 && until > at ? doc.slice(0, at) + block + doc.slice(until + end.length) : `${doc.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, doc);
  return file;
}

/** bcrypt checks per second at `cost` on every core, no I/O: the ceiling of sign-ins and registrations here. */
async function bcryptBound(cost: number, seconds = 5): Promise<number> {
  const hash = await bcrypt.hash('load test password', cost);
  const until = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    os.cpus().map(async () => {
      while (Date.now() < until) {
        await bcrypt.compare('load test password', hash);
        done++;
      }
    }),
  );
  return done / seconds;
}

interface Context {
  command: string;
  stack: string;
  bcryptCost: number;
  bcryptPerSecond: number;
  loadAtEnd: number;
}

function docsMarkdown(report: LoadTestReport, c: Context): string {
  return `## Load test (tools/loadtest)

Machine: ${report.machine}, ${c.loadAtEnd.toFixed(1)} at the end, ${report.startedAt.slice(0, 10)}.
Stack: ${c.stack}; bcrypt cost ${c.bcryptCost}, tracing on without an exporter; PostgreSQL, Redis and
NATS on the same machine as the load generator. The ceiling of sign-ins and registrations, one bcrypt
check each, is ${c.bcryptPerSecond.toFixed(1)} checks/s at cost ${c.bcryptCost} on all cores of this machine (bcrypt alone, measured right after the run).
In \`browse\` the sign-ins share the CPU with the reads, so its overall p95/p99 are the sign-ins'; the
rows per request kind separate them.

\`\`\`
${c.command}
\`\`\`

${toMarkdown(report)}`;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  let local: LocalOptions;
  let options;
  try {
    local = splitLocalArgs(argv);
    options = parseArgs(local.rest, process.env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(
      `${err.message}\n\n${USAGE}\n` +
        "  --bcrypt-cost <n>        local stack: identity's bcrypt cost (default 12)\n" +
        '  --with-organisation      local stack: the built organisation service instead of the stand-in\n' +
        '  --write-docs             local stack: write the figures into docs/performance.md\n',
    );
    return 2;
  }
  const bound = 10 * 60_000 + runTimeBoundMs(options);
  setTimeout(() => {
    process.stderr.write('loadtest: stopped after its time limit\n');
    process.exit(3);
  }, bound).unref();

  process.stderr.write(`starting a local stack (bcrypt cost ${local.bcryptCost})…\n`);
  const stack = local.withOrganisation ? await stackWithOrganisation(local.bcryptCost) : await platformStack(local.bcryptCost);
  try {
    const report = await runLoadTest({ ...options, baseUrl: parseBaseUrl(stack.baseUrl), admin: stack.admin }, stack.hooks, undefined, stopOnSignals());
    process.stdout.write(`\n${toMarkdown(report)}\n`);
    for (const file of writeReport(report, options.out)) process.stderr.write(`wrote ${file}\n`);
    if (local.writeDocs) {
      const loadAtEnd = os.loadavg()[0] ?? 0;
      const bcryptPerSecond = await bcryptBound(local.bcryptCost);
      const command = `node tools/loadtest/run.mjs local ${argv.join(' ')}`.trim();
      const file = writeDocsSection(docsMarkdown(report, { command, stack: stack.description, bcryptCost: local.bcryptCost, bcryptPerSecond, loadAtEnd }));
      process.stderr.write(`wrote ${path.relative(workspaceRoot(), file)}\n`);
    }
    return verdict(report);
  } finally {
    await stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`loadtest: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
