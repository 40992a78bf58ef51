import { PlatformError } from '@platform/errors';

export const JOB_TYPES = ['INITIAL_IMPORT', 'FULL_SYNC', 'INCREMENTAL'] as const;
export type JobType = (typeof JOB_TYPES)[number];
export const JOB_STATUSES = ['PENDING', 'RUNNING', 'COMPLETED', 'FAILED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const ACTIVE_JOB_STATUSES: readonly JobStatus[] = ['PENDING', 'RUNNING'];

/** `since` of an INCREMENTAL: the start of the last completed job minus this margin (clock skew between the platform and the site). */
export const SINCE_SAFETY_MARGIN_MS = 5 * 60_000;
/** A job interrupted this many times (its process stopped or was killed mid-way) ends FAILED. */
export const MAX_ATTEMPTS = 3;
export const STOPPED_MESSAGE = 'Stopped by an administrator';

/**
 * The job type a manual start runs: the one asked, or INITIAL_IMPORT until one completed and then
 * INCREMENTAL. INITIAL_IMPORT runs once: 409 after it completed. INCREMENTAL needs a completed
 * job to start from (before that, run the initial import).
 */
export function jobTypeToStart(asked: string, initialised: boolean): JobType {
  const type = asked.trim() === '' ? (initialised ? 'INCREMENTAL' : 'INITIAL_IMPORT') : asked.trim();
  if (!(JOB_TYPES as readonly string[]).includes(type)) {
    throw PlatformError.validation([{ field: 'jobType', message: `must be one of ${JOB_TYPES.join(', ')}` }]);
  }
  if (type === 'INITIAL_IMPORT' && initialised)
    throw PlatformError.conflict('The initial import of this connector has completed already: run FULL_SYNC or INCREMENTAL');
  return type as JobType;
}

/** What an INCREMENTAL reads from: the last completed job's start minus the margin; everything before any completed job. */
export function sinceFor(type: JobType, lastCompletedStartAt: Date | null): Date | null {
  if (type !== 'INCREMENTAL' || !lastCompletedStartAt) return null;
  return new Date(lastCompletedStartAt.getTime() - SINCE_SAFETY_MARGIN_MS);
}

/** The next scheduled sync once a job ended: `intervalMinutes` after it, none for manual-only connectors. */
export function nextSyncAfter(endedAt: Date, intervalMinutes: number, scheduled: boolean): Date | null {
  if (intervalMinutes <= 0 || !scheduled) return null;
  return new Date(endedAt.getTime() + intervalMinutes * 60_000);
}
