import { migrationsDir } from '@platform/db';
import { runServiceMain, type RunningService } from '@platform/grpc-server';
import { migrateService, registeredServiceSpec, startPlatformService, type PlatformInfra, type ServiceWiring } from '@platform/grpc-server/service';
import { documentsV1 } from '@platform/proto';
import { loadConfig, type DocumentsConfig } from './config';
import { documentsService } from './service';
import { createDocumentsDb, type DocumentsDb } from './store/db';

const spec = (config: DocumentsConfig, env: NodeJS.ProcessEnv) =>
  registeredServiceSpec('documents', config, env, { migrationsDir: migrationsDir(__dirname), createDb: createDocumentsDb });

/** Applies the documents service's migrations (also `main.js --migrate-only`, a release's init container). */
export async function migrateDocuments(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await migrateService(spec(loadConfig(env), env));
}

/** Starts the documents service on the platform's service kit. */
export async function startDocuments(env: NodeJS.ProcessEnv = process.env): Promise<RunningService> {
  return startPlatformService(spec(loadConfig(env), env), wireDocuments);
}

/** The service's own parts on the shared infrastructure. */
function wireDocuments({ db, logger }: PlatformInfra<DocumentsDb>): ServiceWiring {
  return { services: [{ definition: documentsV1.DocumentsServiceService, handlers: documentsService({ db, logger }) }] };
}

if (require.main === module) {
  runServiceMain({ name: 'documents', migrate: migrateDocuments, start: startDocuments });
}
