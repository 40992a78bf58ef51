import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MigrationErrorCode } from './migration-error';
import { checksumOf, readMigrationFiles } from './migration-files';

describe('checksumOf', () => {
  it('is the lowercase sha256 hex of the script, like Prisma', () => {
    expect(checksumOf('hello')).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
  });
});

describe('readMigrationFiles', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const add = (name: string, script: string) => {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, 'migration.sql'), script);
  };

  it('lists migration directories in timestamp order with their checksums', () => {
    writeFileSync(path.join(dir, 'migration_lock.toml'), 'provider = "postgresql"\n');
    add('20260102000000_second', 'SELECT 2;');
    add('20260101000000_first', 'SELECT 1;');
    expect(readMigrationFiles(dir)).toEqual([
      { name: '20260101000000_first', script: 'SELECT 1;', checksum: checksumOf('SELECT 1;') },
      { name: '20260102000000_second', script: 'SELECT 2;', checksum: checksumOf('SELECT 2;') },
    ]);
  });

  it('rejects a missing directory, a directory without migration.sql and another provider', () => {
    expect(() => readMigrationFiles(path.join(dir, 'nope'))).toThrow(expect.objectContaining({ code: MigrationErrorCode.INVALID_LAYOUT }));
    mkdirSync(path.join(dir, '20260101000000_empty'));
    expect(() => readMigrationFiles(dir)).toThrow(/has no migration.sql/);
    rmSync(path.join(dir, '20260101000000_empty'), { recursive: true });
    writeFileSync(path.join(dir, 'migration_lock.toml'), 'provider = "mysql"\n');
    expect(() => readMigrationFiles(dir)).toThrow(/mysql/);
  });
});
