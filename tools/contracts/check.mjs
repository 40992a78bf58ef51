#!/usr/bin/env node
// npm run contracts:check [-- --proto <dir> --against <image.json> --exceptions <file.yaml>]
// Exit 0: no breaking change against the released baseline (or every one recorded);
// 1: breaking changes, each printed with buf's message and rule; 2: unusable exceptions or setup.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULTS, ExceptionsError, RULE_SET, checkContracts, formatFailure, workspace } from './contracts.mjs';

const { values } = parseArgs({
  options: {
    proto: { type: 'string', default: DEFAULTS.proto },
    against: { type: 'string', default: DEFAULTS.baseline },
    exceptions: { type: 'string', default: DEFAULTS.exceptions },
  },
});
const proto = path.resolve(values.proto);
const shown = (file) => path.relative(workspace, path.resolve(file)) || '.';

try {
  const started = Date.now();
  const { failures, exceptions } = await checkContracts({ proto, baseline: values.against, exceptionsFile: values.exceptions });
  for (const e of exceptions) console.log(`contracts: recorded exception ${e.rule} ${e.path} (issue ${e.issue}): ${e.reason}`);
  if (failures.length === 0) {
    console.log(`contracts: no breaking change against ${shown(values.against)} (buf ${RULE_SET} rules, ${Date.now() - started} ms)`);
    process.exit(0);
  }
  console.error(`contracts: ${failures.length} breaking change(s) against ${shown(values.against)} (buf ${RULE_SET} rules):`);
  for (const failure of failures) console.error(`  ${formatFailure(failure, proto)}`);
  console.error(
    `A deliberate break? Record it in ${shown(values.exceptions)} (rule, path, reason, issue; see its header) — older peers still running must cope with it.`,
  );
  process.exit(1);
} catch (error) {
  console.error(error instanceof ExceptionsError ? `contracts: exceptions refused:\n${error.message}` : `contracts: ${error.message}`);
  process.exit(2);
}
