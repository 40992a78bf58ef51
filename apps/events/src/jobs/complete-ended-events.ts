import type { ServiceJob } from '@platform/grpc-server/service';
import type { EventsDb } from '../store/db';
import { completeEndedEvents } from '../store/events';

/**
 * PUBLISHED events whose end has passed become COMPLETED. Run by the service kit: with several
 * replicas one runs it at a time (advisory lock); each run is logged with the rows it changed and
 * counted in service_job_rows_total{job="complete-ended-events"} and service_job_runs_total.
 */
export function completeEndedEventsJob(db: EventsDb, intervalMs: number, now: () => Date = () => new Date()): ServiceJob {
  return { name: 'complete-ended-events', intervalMs, run: () => completeEndedEvents(db, now()) };
}
