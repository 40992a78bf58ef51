import type { ServiceJob } from '@platform/grpc-server/service';
import type { Counter } from 'prom-client';
import { announceDueArticles } from '../app/announce-due-articles';
import type { ContentDeps } from '../deps';

/**
 * Every `intervalMs` (CONTENT_ANNOUNCE_INTERVAL_MS): scheduled articles whose time has come are
 * announced. The kit runs it under an advisory lock (one replica at a time), logs each run and
 * counts it (`service_job_runs_total{job="scheduled-announcements"}`); announced articles are
 * counted in `content_articles_announced_total`.
 */
export function scheduledAnnouncementsJob(deps: ContentDeps, announced: Counter<string>, intervalMs: number): ServiceJob {
  return { name: 'scheduled-announcements', intervalMs, run: () => announceDueArticles(deps, announced) };
}
