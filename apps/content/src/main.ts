import { migrationsDir } from '@platform/db';
import { runServiceMain, type RunningService } from '@platform/grpc-server';
import { migrateService, registeredServiceSpec, startPlatformService, type PlatformInfra, type ServiceWiring } from '@platform/grpc-server/service';
import { contentV1 } from '@platform/proto';
import { loadConfig, type ContentConfig } from './config';
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
  return startPlatformService(spec(loadConfig(env), env), wireContent);
}

/** The service's own parts on the shared infrastructure. */
function wireContent({ db, logger }: PlatformInfra<ContentDb>): ServiceWiring {
  return { services: [{ definition: contentV1.ContentServiceService, handlers: contentService({ db, logger }) }] };
}

if (require.main === module) {
  runServiceMain({ name: 'content', migrate: migrateContent, start: startContent });
}
