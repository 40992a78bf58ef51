import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { workspaceRoot } from '@platform/testing';

/** Percentile of sorted samples (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const ms = (value: number): string => `${value.toFixed(2)} ms`;

export function machineLine(): string {
  return `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
}

/**
 * Replaces (or appends) the section of docs/performance.md between `<!-- bench:<id> -->` and
 * `<!-- /bench:<id> -->`, so each benchmark owns its section and re-runs overwrite it.
 */
export function writeSection(id: string, markdown: string): void {
  const file = path.join(workspaceRoot(), 'docs/performance.md');
  const start = `<!-- bench:${id} -->`;
  const end = `<!-- /bench:${id} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  let doc = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Performance\n\nFigures written by the benchmarks in `tools/bench` (`npm run bench -- <name>`); never by timed tests.\n';
  const at = doc.indexOf(start);
  const until = doc.indexOf(end);
  doc = at >= 0 && until > at ? doc.slice(0, at) + block + doc.slice(until + end.length) : `${doc.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, doc);
  process.stdout.write(`wrote section ${id} of docs/performance.md\n`);
}

/** Runs a benchmark's main: exit 0 when it ends, 1 with its stack trace when it fails. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`${String((err as Error)?.stack ?? err)}\n`);
      process.exit(1);
    },
  );
}
