import { MigrationError, MigrationErrorCode } from './migration-error';
import { matchesChecksum, type MigrationFile } from './migration-files';
import type { MigrationRecord } from './migrations-table';

const active = (records: MigrationRecord[]) => records.filter((r) => r.rolled_back_at === null);

/**
 * Refuses a history the service cannot safely start on: a migration left failed by an earlier run,
 * or an applied migration whose script has changed since. Returns the migrations still to apply.
 * Rows for migrations that are not on disk (a newer release already ran) are left alone, as
 * `prisma migrate deploy` does, so an older replica still starts during a rolling update.
 */
export function pendingMigrations(files: MigrationFile[], records: MigrationRecord[]): MigrationFile[] {
  const live = active(records);

  const failed = live.filter((r) => r.finished_at === null);
  if (failed.length > 0) {
    const details = failed.map((r) => `${r.migration_name} (started ${r.started_at.toISOString()})${r.logs ? `: ${r.logs.trim()}` : ''}`).join('; ');
    throw new MigrationError(
      MigrationErrorCode.FAILED_MIGRATION,
      `a previous migration failed and must be resolved by hand before the service can start: ${details}. ` +
        `Repair the schema, then set rolled_back_at (to re-run it) or finished_at (if it completed) on its _prisma_migrations row.`,
      failed.map((r) => r.migration_name),
    );
  }

  const edited = files.filter((f) => live.some((r) => r.migration_name === f.name && !matchesChecksum(f.script, r.checksum))).map((f) => f.name);
  if (edited.length > 0) {
    throw new MigrationError(
      MigrationErrorCode.CHECKSUM_MISMATCH,
      `applied migrations were modified afterwards (checksum mismatch): ${edited.join(', ')}. ` +
        `Restore the applied scripts and put the change in a new migration.`,
      edited,
    );
  }

  const applied = new Set(live.map((r) => r.migration_name));
  return files.filter((f) => !applied.has(f.name));
}
