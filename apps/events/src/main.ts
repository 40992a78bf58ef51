import { migrationsDir } from '@platform/db';
import { runServiceMain, ServiceTokens, type RunningService } from '@platform/grpc-server';
import { migrateService, registeredServiceSpec, startPlatformService, type PlatformInfra, type ServiceWiring } from '@platform/grpc-server/service';
import { eventsV1 } from '@platform/proto';
import { grpcAccounts } from './clients/identity';
import { grpcOrganisations } from './clients/organisation';
import { loadConfig, type EventsConfig } from './config';
import { outboxEvents } from './events/event-events';
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

/** The service's own parts on the shared infrastructure: its outbox events, the clients of identity and organisation, the completion job. */
function wireEvents(config: EventsConfig, { db, logger, schema, names, signer }: PlatformInfra<EventsDb>): ServiceWiring {
  const tokens = new ServiceTokens(signer, 'events');
  const accounts = grpcAccounts(config.IDENTITY_GRPC_URL, tokens);
  const organisations = grpcOrganisations(config.ORGANISATION_GRPC_URL, tokens);
  const deps = { db, logger, events: outboxEvents(schema, names), accounts, organisations, now: () => new Date() };
  return {
    services: [{ definition: eventsV1.EventsServiceService, handlers: eventsService(deps) }],
    jobs: [completeEndedEventsJob(db, config.EVENTS_COMPLETION_INTERVAL_MS)],
    stop: () => {
      accounts.close();
      organisations.close();
    },
  };
}

if (require.main === module) {
  runServiceMain({ name: 'events', migrate: migrateEvents, start: startEvents });
}
