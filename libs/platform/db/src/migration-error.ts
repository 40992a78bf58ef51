export enum MigrationErrorCode {
  /** The migrations directory is missing or not in Prisma's layout. */
  INVALID_LAYOUT = 'INVALID_LAYOUT',
  /** A migration that was applied has since been edited. */
  CHECKSUM_MISMATCH = 'CHECKSUM_MISMATCH',
  /** A previous run left a migration unfinished (finished_at null, not rolled back). */
  FAILED_MIGRATION = 'FAILED_MIGRATION',
  /** A migration script failed in this run. */
  APPLY_FAILED = 'APPLY_FAILED',
  /** DATABASE_URL goes through a pooler in transaction or statement mode (sessions not kept). */
  SESSION_POOLING_REQUIRED = 'SESSION_POOLING_REQUIRED',
}

/** Why migrations refused to run. The service must not start: its schema is not what it expects. */
export class MigrationError extends Error {
  constructor(
    readonly code: MigrationErrorCode,
    message: string,
    readonly migrations: string[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MigrationError';
  }
}
