/**
 * Fills a legacy-site schema with generated data or the fixtures, replacing its content:
 *
 *   npx esbuild apps/legacy-site/src/seed/cli.ts --bundle --platform=node --packages=external \
 *     --outfile=dist/legacy-seed.js && node dist/legacy-seed.js --preset load
 *
 * Options: --preset tiny|small|demo|load, --members N, --articles N, --events N, --conferences N,
 * --documents N, --companies N, --notifications N, --pages N, --seed N, --fixtures, --schema NAME,
 * --database-url URL, --timezone +10:00, --admin-password P, --member-password P.
 */
import { parseArgs } from 'node:util';
import bcrypt from 'bcrypt';
import { runMigrations } from '@platform/db';
import { parseUtcOffset } from '../domain/dates';
import { migrationsDir } from '../paths';
import { loadSite } from '../store/bulk-load';
import { createPool } from '../store/db';
import { readFixtures } from './fixtures';
import { generateSite, SEED_PRESETS, type SeedSizes } from './generator';

const SIZE_KEYS = ['members', 'articles', 'events', 'conferences', 'documents', 'companies', 'notifications', 'pages'] as const;

function count(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) > 1_000_000) throw new Error(`--${name} must be a whole number up to 1000000`);
  return Number(text);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      preset: { type: 'string', default: 'small' },
      seed: { type: 'string', default: '1' },
      fixtures: { type: 'boolean', default: false },
      schema: { type: 'string', default: process.env['LEGACY_SITE_SCHEMA'] ?? 'legacy_site' },
      'database-url': { type: 'string', default: process.env['DATABASE_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres' },
      timezone: { type: 'string', default: process.env['LEGACY_SITE_TIMEZONE'] ?? '+10:00' },
      'admin-password': { type: 'string', default: 'admin' },
      'member-password': { type: 'string', default: 'password' },
      help: { type: 'boolean', default: false },
      ...Object.fromEntries(SIZE_KEYS.map((k) => [k, { type: 'string' as const }])),
    },
  });
  if (values.help) {
    process.stdout.write(`usage: seed [--preset ${Object.keys(SEED_PRESETS).join('|')}] [--members N …] [--seed N] [--fixtures] [--schema NAME]\n`);
    return;
  }
  const preset = SEED_PRESETS[values.preset as keyof typeof SEED_PRESETS];
  if (!preset) throw new Error(`--preset must be one of ${Object.keys(SEED_PRESETS).join(', ')}`);
  parseUtcOffset(values.timezone);
  const sizes = Object.fromEntries(
    SIZE_KEYS.map((k) => [k, count(k, (values as Record<string, unknown>)[k] as string | undefined, preset[k])]),
  ) as unknown as SeedSizes;
  const connectionString = values['database-url'];
  await runMigrations({ connectionString, schema: values.schema, migrationsDir: migrationsDir() });
  const pool = createPool(connectionString, values.schema);
  const started = Date.now();
  try {
    const data = values.fixtures
      ? readFixtures()
      : generateSite({
          seed: count('seed', values.seed, 1),
          sizes,
          timezone: values.timezone,
          adminPassword: values['admin-password'],
          memberPassword: values['member-password'],
        });
    const counts = await loadSite(pool, data, {
      hashPassword: (plain) => bcrypt.hash(plain, 10),
      reset: true,
      onProgress: (what, n) => {
        if (n % 20_000 === 0) process.stdout.write(`  ${what}: ${n}\n`);
      },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `seeded schema ${values.schema} in ${seconds} s: ${counts.users} users, ${counts.posts} posts, ${counts.terms} terms` +
        (values.fixtures ? ' (fixtures)\n' : ` (seed ${values.seed}; ${JSON.stringify(sizes)})\n`),
    );
  } finally {
    await pool.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
