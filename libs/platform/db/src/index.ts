export { runMigrations, MIGRATION_LOCK_KEY, type RunMigrationsOptions, type MigrationLogger } from './migrate';
export { MigrationError, MigrationErrorCode } from './migration-error';
export { assertSessionPooling, keepsSessions } from './session-check';
export { checksumOf } from './migration-files';
export { prismaOptions, type PrismaOptionsInput } from './prisma-client';
export { assertSchemaName } from './schema-name';
export {
  parsePageQuery,
  pagedEnvelope,
  orderByOf,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type PageRequest,
  type PageQueryOptions,
  type PagedEnvelope,
  type Sort,
  type SortDirection,
} from './paging';
export { live, whereLive, softDeleteData, restoreData, isLive, type SoftDeletable } from './soft-delete';
export { migrationsDir } from './migrations-dir';
export { parsePeriod, createdWithin, type Period, type PeriodPage } from './period';
export { isUniqueViolation } from './unique-violation';
export { databaseOutageOf } from './database-outage';
