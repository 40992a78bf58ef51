import { migrationsDir } from '@platform/db';
import { runServiceMain, type RunningService } from '@platform/grpc-server';
import { migrateService, registeredServiceSpec, startPlatformService, type PlatformInfra, type ServiceWiring } from '@platform/grpc-server/service';
import { contentV1 } from '@platform/proto';
import { counter } from '@platform/telemetry';
import { loadConfig, type ContentConfig } from './config';
import type { ContentDeps } from './deps';
import { outboxMessages } from './messages/content-messages';
import { scheduledAnnouncementsJob } from './jobs/scheduled-announcements';
import { contentService } from './service';
import { createContentDb, type ContentDb } from './store/db';

const spec = (config: ContentConfig, env: NodeJS.ProcessEnv) =>
  registeredServiceSpec('content', config, env, { migrationsDir: migrationsDir(__dirname), createDb: createContentDb });

/** Applies the content service's migrations (also `main.js --migrate-only`, a release's init container). */
export async function migrateContent(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await migrateService(spec(loadConfig(env), env));
}

/** Starts the content service on the platform's service kit. */
export async function startContent(env: NodeJS.ProcessEnv = process.env): Promise<RunningService> {
  const config = loadConfig(env);
  return startPlatformService(spec(config, env), (infra) => wireContent(config, infra));
}

/** The service's own parts on the shared infrastructure: its messages, the announcement job, the RPCs. */
function wireContent(config: ContentConfig, { db, outbox, logger, registry }: PlatformInfra<ContentDb>): ServiceWiring {
  const deps: ContentDeps = { db, messages: outboxMessages(outbox), logger, now: () => new Date() };
  const announced = counter(registry, 'content_articles_announced_total', 'Scheduled articles announced (content.article.published) by the job');
  return {
    services: [{ definition: contentV1.ContentServiceService, handlers: contentService(deps) }],
    jobs: [scheduledAnnouncementsJob(deps, announced, config.CONTENT_ANNOUNCE_INTERVAL_MS)],
  };
}

if (require.main === module) {
  runServiceMain({ name: 'content', migrate: migrateContent, start: startContent });
}
