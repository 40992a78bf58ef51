// The load-test tool: `node tools/loadtest/run.mjs --mix browse=80,register=20 --rate 50 --duration 30s --threshold 'p95<300ms'`.
import { parseArgs, runTimeBoundMs, USAGE, UsageError } from './args';
import { stopOnSignals } from './cli-signals';
import { runLoadTest, writeReport } from './loadtest';
import { toMarkdown, verdict } from './report';

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

  const report = await runLoadTest(options, {}, undefined, stopOnSignals());
  process.stdout.write(`\n${toMarkdown(report)}\n`);
  for (const file of writeReport(report, options.out)) process.stderr.write(`wrote ${file}\n`);
  return verdict(report);
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`loadtest: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
