import { migrationsDir } from '@platform/db';
import { runServiceMain, type RunningService } from '@platform/grpc-server';
import { migrateService, registeredServiceSpec, startPlatformService, type PlatformInfra, type ServiceWiring } from '@platform/grpc-server/service';
import { eventsV1 } from '@platform/proto';
import { grpcAccounts } from './clients/identity';
import { grpcOrganisations } from './clients/organisation';
import { loadConfig, type EventsConfig } from './config';
import type { EventsDeps } from './deps';
import { outboxMessages } from './messages/event-messages';
import { completeEndedEventsJob } from './jobs/complete-ended-events';
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
  const config = loadConfig(env);
  return startPlatformService(spec(config, env), (infra) => wireEvents(config, infra));
}

/** The service's own parts on the shared infrastructure: its outbox messages, the clients of identity and organisation, the completion job. */
function wireEvents(config: EventsConfig, { db, logger, outbox, clients }: PlatformInfra<EventsDb>): ServiceWiring {
  const deps: EventsDeps = {
    db,
    logger,
    messages: outboxMessages(outbox),
    accounts: grpcAccounts(clients.of('identity')),
    organisations: grpcOrganisations(clients.of('organisation')),
    now: () => new Date(),
  };
  return {
    services: [{ definition: eventsV1.EventsServiceService, handlers: eventsService(deps) }],
    jobs: [completeEndedEventsJob(db, config.EVENTS_COMPLETION_INTERVAL_MS)],
  };
}

if (require.main === module) {
  runServiceMain({ name: 'events', migrate: migrateEvents, start: startEvents });
}
