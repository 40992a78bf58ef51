import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { MigrationError, MigrationErrorCode } from './migration-error';

export interface MigrationFile {
  /** Directory name, `<yyyymmddHHMMSS>_<name>`: also the `migration_name` in `_prisma_migrations`. */
  name: string;
  script: string;
  checksum: string;
}

const LOCKFILE = 'migration_lock.toml';

/** Lowercase sha256 hex of the script, as Prisma stores it. */
export function checksumOf(script: string): string {
  return createHash('sha256').update(script, 'utf8').digest('hex');
}

/** Prisma's comparison: the same script with LF or CRLF line endings matches. */
export function matchesChecksum(script: string, checksum: string): boolean {
  const variants = [script, script.replace(/\r\n/g, '\n'), script.replace(/\r?\n/g, '\r\n')];
  return variants.some((variant) => checksumOf(variant) === checksum);
}

/** Migrations in Prisma's layout, in name (= timestamp) order. */
export function readMigrationFiles(migrationsDir: string): MigrationFile[] {
  if (!existsSync(migrationsDir) || !statSync(migrationsDir).isDirectory()) {
    throw new MigrationError(MigrationErrorCode.INVALID_LAYOUT, `migrations directory not found: ${migrationsDir}`);
  }
  assertPostgresLockfile(migrationsDir);
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const file = path.join(migrationsDir, name, 'migration.sql');
      if (!existsSync(file)) {
        throw new MigrationError(MigrationErrorCode.INVALID_LAYOUT, `${name} has no migration.sql`, [name]);
      }
      const script = readFileSync(file, 'utf8');
      return { name, script, checksum: checksumOf(script) };
    });
}

function assertPostgresLockfile(migrationsDir: string): void {
  const lockfile = path.join(migrationsDir, LOCKFILE);
  if (!existsSync(lockfile)) return;
  const provider = /^\s*provider\s*=\s*"([^"]*)"/m.exec(readFileSync(lockfile, 'utf8'))?.[1];
  if (provider !== 'postgresql') {
    throw new MigrationError(
      MigrationErrorCode.INVALID_LAYOUT,
      `${LOCKFILE} names provider ${JSON.stringify(provider)}; these migrations are for "postgresql"`,
    );
  }
}
