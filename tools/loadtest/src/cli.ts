// The load-test tool: `node tools/loadtest/run.mjs --scenario browse --rate 200 --duration 30s`.
import { parseArgs, runTimeBoundMs, USAGE, UsageError } from './args';
import { runLoadTest, writeReport } from './loadtest';
import { toMarkdown } from './report';

const SETUP_BOUND_MS = 5 * 60_000;

async function main(): Promise<number> {
  let options;
  try {
    options = parseArgs(process.argv.slice(2), process.env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`${err.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // Whatever happens (a target that stops answering mid-run), the process ends by itself.
  const bound = SETUP_BOUND_MS + runTimeBoundMs(options);
  setTimeout(() => {
    process.stderr.write(`loadtest: stopped after its time limit of ${Math.round(bound / 1000)} s\n`);
    process.exit(3);
  }, bound).unref();

  const report = await runLoadTest(options);
  process.stdout.write(`\n${toMarkdown(report)}\n`);
  if (options.out) for (const file of writeReport(report, options.out)) process.stderr.write(`wrote ${file}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`loadtest: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
