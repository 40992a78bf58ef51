import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';

/** trimSourceMap (dropping the generated sources) and then lineStarts, run as bundle.mjs runs them (they are ES modules). */
function reduce(map: SourceMapPayload): { trimmed: SourceMapPayload; reduced: SourceMapPayload } {
  const script = `
    import { lineStarts, trimSourceMap } from ${JSON.stringify(path.join(__dirname, 'trim-source-map.mjs'))};
    import { readFileSync } from 'node:fs';
    const trimmed = trimSourceMap(JSON.parse(readFileSync(0, 'utf8')), (source) => source.includes('generated/'));
    process.stdout.write(JSON.stringify({ trimmed, reduced: lineStarts(trimmed) }));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { input: JSON.stringify(map), encoding: 'utf8' }));
}

/**
 * A bundle of two modules, one of them generated, each with a top-level `format` (esbuild renames one
 * and names its mappings), and a statement over several lines that esbuild prints on one.
 */
function bundle(): { code: string; map: SourceMapPayload } {
  const dir = mkdtempSync(path.join(tmpdir(), 'source-map-'));
  try {
    mkdirSync(path.join(dir, 'generated'));
    writeFileSync(
      path.join(dir, 'generated', 'label.ts'),
      `function format(s: string) { return s.toUpperCase(); }\nexport const label = (s: string) => format(s) + '!';\n`,
    );
    writeFileSync(
      path.join(dir, 'main.ts'),
      `import { label } from './generated/label';
export function format(items: string[]): string { const n = items.length; return items.map((item, i) => \`\${i + 1}/\${n} \${label(item)}\`).join(', '); }
export const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0); export const twice = (x: number) => { if (x > 1) { return x * 2; } return x; };
export const summary = format(
  [label('a'), String(total([1, 2]))],
).concat(
  String(twice(3)),
);
`,
    );
    const out = buildSync({
      entryPoints: [path.join(dir, 'main.ts')],
      bundle: true,
      format: 'cjs',
      platform: 'node',
      sourcemap: 'external',
      write: false,
      outdir: dir,
    });
    const text = (ext: string) => out.outputFiles.find((f) => f.path.endsWith(ext))!.text;
    return { code: text('.js'), map: JSON.parse(text('.js.map')) as SourceMapPayload };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Where Node's source map support puts every position of the code: source, line and name (no column). */
function lookups(code: string, map: SourceMapPayload) {
  const sourceMap = new SourceMap(map);
  return code.split('\n').flatMap((line, l) =>
    [...line].map((_, c) => {
      // Node's entry has the mapping's name too, which @types/node leaves out.
      const entry = sourceMap.findEntry(l, c) as Partial<{ originalSource: string; originalLine: number; name: string }>;
      return entry.originalSource === undefined ? undefined : { source: entry.originalSource, line: entry.originalLine, name: entry.name };
    }),
  );
}

const mappingCount = (map: SourceMapPayload) => map.mappings.split(/[;,]/).filter(Boolean).length;

describe('the bundle source map', () => {
  const { code, map } = bundle();
  const { trimmed, reduced } = reduce(map);

  it('maps no position into a dropped (generated) source', () => {
    expect(lookups(code, map).some((at) => at?.source.includes('generated/'))).toBe(true);
    expect(lookups(code, trimmed).some((at) => at?.source.includes('generated/'))).toBe(false);
  });

  it('keeps line starts: every position maps to the same source, line and name, with fewer mappings', () => {
    expect(mappingCount(reduced)).toBeLessThan(mappingCount(trimmed));
    expect(lookups(code, reduced)).toEqual(lookups(code, trimmed));
    expect(lookups(code, trimmed).some((at) => at?.name !== undefined)).toBe(true);
  });
});
