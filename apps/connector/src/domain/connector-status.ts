import { PlatformError } from '@platform/errors';

/** Spec 3 Connector status. */
export const CONNECTOR_STATUSES = ['ACTIVE', 'PAUSED', 'ERROR', 'DISABLED'] as const;
export type ConnectorStatus = (typeof CONNECTOR_STATUSES)[number];

/** What an administrator may set (ERROR is the system's: a failed sync sets it). */
export const SETTABLE_STATUSES = ['ACTIVE', 'PAUSED', 'DISABLED'] as const;

/**
 * An administrator's change of status: between ACTIVE, PAUSED and DISABLED freely; from ERROR to
 * any of them (ACTIVE clears the error). Nobody sets ERROR by hand.
 */
export function adminTransition(from: string, to: string): ConnectorStatus {
  if (!(SETTABLE_STATUSES as readonly string[]).includes(to)) {
    throw PlatformError.validation([{ field: 'status', message: `must be one of ${SETTABLE_STATUSES.join(', ')}` }]);
  }
  return to as ConnectorStatus;
}

/** Scheduled INCREMENTAL syncs run for ACTIVE and ERROR connectors (an ERROR one recovers by itself when the site is back). */
export const isScheduled = (status: string): boolean => status === 'ACTIVE' || status === 'ERROR';

/** Any sync (manual or scheduled) is refused (409) for a DISABLED connector. */
export function assertMaySync(status: string): void {
  if (status === 'DISABLED') throw PlatformError.conflict('The connector is DISABLED: set it ACTIVE or PAUSED to sync');
}

/** After a job: COMPLETED brings an ERROR connector back to ACTIVE; FAILED (critical) makes an ACTIVE or PAUSED one ERROR. */
export function statusAfterJob(current: string, outcome: 'COMPLETED' | 'FAILED', critical: boolean): string {
  if (current === 'DISABLED') return current;
  if (outcome === 'COMPLETED') return current === 'ERROR' ? 'ACTIVE' : current;
  return critical ? 'ERROR' : current;
}
