import { MigrationError, MigrationErrorCode } from './migration-error';
import { checksumOf, type MigrationFile } from './migration-files';
import { pendingMigrations } from './migration-history';
import type { MigrationRecord } from './migrations-table';

const file = (name: string, script = `-- ${name}\n`): MigrationFile => ({ name, script, checksum: checksumOf(script) });

const record = (f: MigrationFile, overrides: Partial<MigrationRecord> = {}): MigrationRecord => ({
  id: `id-${f.name}`,
  checksum: f.checksum,
  migration_name: f.name,
  logs: null,
  started_at: new Date('2026-01-01T00:00:00Z'),
  finished_at: new Date('2026-01-01T00:00:01Z'),
  rolled_back_at: null,
  applied_steps_count: 1,
  ...overrides,
});

function errorOf(fn: () => unknown): MigrationError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(MigrationError);
    return error as MigrationError;
  }
  throw new Error('expected a MigrationError');
}

describe('pendingMigrations', () => {
  const [a, b, c] = [file('20260101000000_a'), file('20260102000000_b'), file('20260103000000_c')];

  it('returns the migrations not yet applied, in order', () => {
    expect(pendingMigrations([a, b, c], [record(a)]).map((m) => m.name)).toEqual([b.name, c.name]);
  });

  it('re-applies a migration whose only row was rolled back', () => {
    expect(pendingMigrations([a], [record(a, { finished_at: null, rolled_back_at: new Date() })])).toEqual([a]);
  });

  it('ignores applied migrations unknown to this release (a newer release ran first)', () => {
    expect(pendingMigrations([a], [record(a), record(b)])).toEqual([]);
  });

  it('refuses to start after a failed migration', () => {
    const error = errorOf(() => pendingMigrations([a, b], [record(a), record(b, { finished_at: null, logs: 'syntax error' })]));
    expect(error.code).toBe(MigrationErrorCode.FAILED_MIGRATION);
    expect(error.migrations).toEqual([b.name]);
    expect(error.message).toContain('syntax error');
  });

  it('refuses to start when an applied migration was edited', () => {
    const edited = { ...a, script: a.script + 'ALTER TABLE x ADD COLUMN y int;\n' };
    const error = errorOf(() => pendingMigrations([edited, b], [record(a)]));
    expect(error.code).toBe(MigrationErrorCode.CHECKSUM_MISMATCH);
    expect(error.migrations).toEqual([a.name]);
  });

  it('accepts the same script with other line endings, as Prisma does', () => {
    const lf = file('20260101000000_a', 'SELECT 1;\nSELECT 2;\n');
    const crlf = { ...lf, script: 'SELECT 1;\r\nSELECT 2;\r\n' };
    expect(pendingMigrations([crlf], [record(lf)])).toEqual([]);
  });
});
