import { migrationsDir } from '@platform/db';
import { runServiceMain, type RunningService } from '@platform/grpc-server';
import { migrateService, registeredServiceSpec, startPlatformService, type PlatformInfra, type ServiceWiring } from '@platform/grpc-server/service';
import { eventsV1 } from '@platform/proto';
import { loadConfig, type EventsConfig } from './config';
import { eventsService } from './service';
import { createEventsDb, type EventsDb } from './store/db';

const spec = (config: EventsConfig, env: NodeJS.ProcessEnv) =>
  registeredServiceSpec('events', config, env, { migrationsDir: migrationsDir(__dirname), createDb: createEventsDb });

/** Applies the events service's migrations (also `main.js --migrate-only`, a release's init container). */
export async function migrateEvents(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await migrateService(spec(loadConfig(env), env));
}

/** Starts the events service on the platform's service kit. */
export async function startEvents(env: NodeJS.ProcessEnv = process.env): Promise<RunningService> {
  return startPlatformService(spec(loadConfig(env), env), wireEvents);
}

/** The service's own parts on the shared infrastructure. */
function wireEvents({ db, logger }: PlatformInfra<EventsDb>): ServiceWiring {
  return { services: [{ definition: eventsV1.EventsServiceService, handlers: eventsService({ db, logger }) }] };
}

if (require.main === module) {
  runServiceMain({ name: 'events', migrate: migrateEvents, start: startEvents });
}
