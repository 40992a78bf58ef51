#!/usr/bin/env node
// npm run contracts:release [-- --proto <dir> --out <image.json> --exceptions <file.yaml>]
// At a release: records the protos as released (the baseline contracts:check compares with) and
// empties the exceptions, which the new baseline now includes. Prints the exceptions it drops, for
// the release notes.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import YAML from 'yaml';
import { DEFAULTS, resetExceptions, workspace, writeBaseline } from './contracts.mjs';

const { values } = parseArgs({
  options: {
    proto: { type: 'string', default: DEFAULTS.proto },
    out: { type: 'string', default: DEFAULTS.baseline },
    exceptions: { type: 'string', default: DEFAULTS.exceptions },
  },
});
const shown = (file) => path.relative(workspace, path.resolve(file));

try {
  mkdirSync(path.dirname(path.resolve(values.out)), { recursive: true });
  const files = await writeBaseline({ proto: path.resolve(values.proto), out: path.resolve(values.out) });
  console.log(`contracts: recorded ${files.length} proto files as released in ${shown(values.out)}`);
  const recorded = existsSync(values.exceptions) ? (YAML.parse(readFileSync(values.exceptions, 'utf8'))?.exceptions ?? []) : [];
  for (const e of recorded) console.log(`contracts: released deliberate break ${e.rule} ${e.path} (issue ${e.issue}): ${e.reason}`);
  resetExceptions(values.exceptions);
  console.log(`contracts: ${shown(values.exceptions)} emptied`);
} catch (error) {
  console.error(`contracts: ${error.message}`);
  process.exit(2);
}
