import { PlatformError } from '@platform/errors';

/** A missing, deleted, other organisation's or not visible article: the same answer for each. */
export const articleNotFound = (): PlatformError => PlatformError.notFound('Article');
export const commentNotFound = (): PlatformError => PlatformError.notFound('Comment');
export const companyNotFound = (): PlatformError => PlatformError.notFound('Company');
export const slugTaken = (): PlatformError => PlatformError.conflict('Another article of the organisation has this slug');
export const stateConflict = (message: string): PlatformError => PlatformError.conflict(message);
