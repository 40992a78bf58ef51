/**
 * Benchmark: pull every member at per_page=200, as the connector's initial import does.
 * Seeds BENCH_MEMBERS members (default 100,000) into a throw-away schema, serves the site
 * in-process, pulls all pages one after another over HTTP, checks that each member came exactly
 * once, prints the timings and drops the schema.
 *
 *   npx esbuild apps/legacy-site/bench/pull-all-members.ts --bundle --platform=node --packages=external \
 *     --outfile=dist/tools/legacy-bench.js && node dist/tools/legacy-bench.js
 */
import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';
import { Client } from 'pg';
import { createLogger } from '@platform/telemetry';
import { generateSite } from '../src/seed/generator';
import { createLegacySite } from '../src/site';
import { loadSite } from '../src/store/bulk-load';
import { createPool } from '../src/store/db';

const DATABASE_URL = process.env['DATABASE_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const MEMBERS = Number(process.env['BENCH_MEMBERS'] ?? 100_000);
const PER_PAGE = Number(process.env['BENCH_PER_PAGE'] ?? 200);
const KEY = randomBytes(16).toString('hex');
const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const schema = `legacy_bench_${randomBytes(4).toString('hex')}`;
  const site = createLegacySite({
    databaseUrl: DATABASE_URL,
    schema,
    jwtSecret: randomBytes(32).toString('hex'),
    timezone: '+10:00',
    syncKey: KEY,
    seed: { kind: 'none' },
    logger: createLogger('legacy-site-bench'),
  });
  try {
    const { url } = await site.start(0, '127.0.0.1');
    const pool = createPool(DATABASE_URL, schema);
    const seedStart = Date.now();
    const data = generateSite({
      seed: 1,
      timezone: '+10:00',
      sizes: { members: MEMBERS, articles: 0, events: 0, conferences: 0, documents: 0, companies: 0, notifications: 0, pages: 0 },
    });
    await loadSite(pool, data, { hashPassword: (p) => bcrypt.hash(p, 10) });
    await pool.end();
    say(`seeded ${MEMBERS} members in ${((Date.now() - seedStart) / 1000).toFixed(1)} s (schema ${schema})`);

    const seen = new Set<number>();
    const pageTimes: number[] = [];
    let bytes = 0;
    const pullStart = Date.now();
    for (let page = 1; ; page++) {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/v1/sync/members?page=${page}&per_page=${PER_PAGE}`, { headers: { 'X-Association-Sync-Key': KEY } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`page ${page}: ${res.status} ${text.slice(0, 200)}`);
      const body = JSON.parse(text) as { data: { id: number }[]; total_pages: number };
      pageTimes.push(performance.now() - t0);
      bytes += text.length;
      for (const record of body.data) {
        if (seen.has(record.id)) throw new Error(`member ${record.id} came twice`);
        seen.add(record.id);
      }
      if (page >= body.total_pages) break;
    }
    const seconds = (Date.now() - pullStart) / 1000;
    if (seen.size !== MEMBERS) throw new Error(`pulled ${seen.size} members, expected ${MEMBERS}`);
    const sorted = [...pageTimes].sort((a, b) => a - b);
    const pct = (p: number) => (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1);
    say(
      `pulled ${seen.size} members in ${pageTimes.length} pages of ${PER_PAGE} in ${seconds.toFixed(2)} s ` +
        `(${Math.round(seen.size / seconds)} members/s, ${(bytes / 1e6).toFixed(1)} MB); ` +
        `page latency ms p50 ${pct(50)}, p95 ${pct(95)}, max ${pct(100)}`,
    );
  } finally {
    await site.stop();
    const client = new Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
