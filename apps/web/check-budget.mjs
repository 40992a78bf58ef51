#!/usr/bin/env node
// The JavaScript budget of the web app's first screens (docs/web.md), on gzip-compressed sizes:
// what the browser downloads before a page draws, i.e. the entry chunk, the chunk of the page's
// area and every chunk they import statically (Vite's manifest lists them). Fails the build above.
//   member app and account pages (`/`, `/login`):  <= 250 KB
//   admin console (`/admin`):                       <= 400 KB
// Writes the measured sizes to dist/apps/web/budget.json (docs/performance.md quotes them).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const workspace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(workspace, 'dist/apps/web');
const manifest = JSON.parse(readFileSync(path.join(out, 'public/.vite/manifest.json'), 'utf8'));
const KB = 1024;

/** The chunks `key` loads before it runs: itself and its static imports, transitively. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(next, seen);
  return seen;
}
const gzipped = (file) => gzipSync(readFileSync(path.join(out, 'public', file)), { level: 9 }).length;
const sizeOf = (keys) => [...new Set([...keys].map((key) => manifest[key].file))].reduce((sum, file) => sum + gzipped(file), 0);
const keyOf = (suffix) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`check-budget: no chunk for ${suffix} in the Vite manifest`);
  return key;
};

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const screens = [
  { screen: 'member home (/)', chunks: [entry, keyOf('member/home-page.tsx')], budgetKb: 250 },
  { screen: 'sign-in (/login)', chunks: [entry, keyOf('account/login-page.tsx')], budgetKb: 250 },
  { screen: 'admin console (/admin)', chunks: [entry, keyOf('admin/admin-app.tsx')], budgetKb: 400 },
];
const report = screens.map(({ screen, chunks, budgetKb }) => {
  const all = new Set();
  for (const chunk of chunks) closure(chunk, all);
  return { screen, gzipKb: Math.round((sizeOf(all) / KB) * 10) / 10, budgetKb };
});
writeFileSync(path.join(out, 'budget.json'), JSON.stringify(report, null, 2) + '\n');
const over = report.filter((r) => r.gzipKb > r.budgetKb);
for (const r of report) console.log(`${r.gzipKb > r.budgetKb ? 'OVER' : 'ok  '} ${r.screen}: ${r.gzipKb} KB of JavaScript (gzip), budget ${r.budgetKb} KB`);
if (over.length) process.exit(1);
