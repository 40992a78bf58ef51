import { SecretBox } from '@platform/crypto';
import { migrationsDir } from '@platform/db';
import { runServiceMain, type RunningService } from '@platform/grpc-server';
import { migrateService, registeredServiceSpec, startPlatformService, type PlatformInfra, type ServiceWiring } from '@platform/grpc-server/service';
import { documentsV1 } from '@platform/proto';
import { createDestinationGuard } from '@platform/outbound';
import { guardedRemoteCopier } from './app/remote-file-copy';
import { loadConfig, type DocumentsConfig } from './config';
import type { DocumentsDeps } from './deps';
import { urlSigningKey } from './domain/signed-url';
import { purgeDeletedObjectsJob } from './jobs/purge-deleted-objects';
import { documentsService } from './service';
import { environmentTarget, objectStoresFromConfig } from './storage/object-stores';
import { createDocumentsDb, type DocumentsDb } from './store/db';

const spec = (config: DocumentsConfig, env: NodeJS.ProcessEnv) =>
  registeredServiceSpec('documents', config, env, { migrationsDir: migrationsDir(__dirname), createDb: createDocumentsDb });

/** Applies the documents service's migrations (also `main.js --migrate-only`, a release's init container). */
export async function migrateDocuments(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await migrateService(spec(loadConfig(env), env));
}

/** Starts the documents service on the platform's service kit. */
export async function startDocuments(env: NodeJS.ProcessEnv = process.env): Promise<RunningService> {
  const config = loadConfig(env);
  return startPlatformService(spec(config, env), (infra) => wireDocuments(infra, config));
}

/** The service's own parts on the shared infrastructure. */
function wireDocuments({ db, logger, onStop }: PlatformInfra<DocumentsDb>, config: DocumentsConfig): ServiceWiring {
  const now = () => Date.now();
  const secrets = new SecretBox(config.SECRETS_KEY);
  const stores = objectStoresFromConfig(config, { db, secrets, now, cacheMs: config.DOCUMENTS_STORAGE_SETTINGS_CACHE_MS });
  onStop(() => stores.close());
  // Remote files the connector asks to copy: only to public addresses (or ones an operator allows), on 80 and 443.
  const guard = createDestinationGuard({ feature: 'http', allowed: config.OUTBOUND_ALLOWED_DESTINATIONS });
  const deps: DocumentsDeps = {
    db,
    logger,
    stores,
    now,
    secrets,
    urlKey: urlSigningKey(config.SECRETS_KEY),
    remoteFiles: guardedRemoteCopier({ stores }, guard, config.DOCUMENTS_REMOTE_COPY_TIMEOUT_MS),
    settings: {
      maxUploadBytes: config.DOCUMENTS_MAX_UPLOAD_BYTES,
      defaultQuotaBytes: config.DOCUMENTS_QUOTA_BYTES,
      signedUrlTtlSeconds: config.DOCUMENTS_SIGNED_URL_TTL_SECONDS,
      purgeGraceSeconds: config.DOCUMENTS_PURGE_GRACE_SECONDS,
      environmentTarget: environmentTarget(config),
    },
  };
  return {
    services: [{ definition: documentsV1.DocumentsServiceService, handlers: documentsService(deps) }],
    jobs: [purgeDeletedObjectsJob(deps, config.DOCUMENTS_PURGE_GRACE_SECONDS, config.DOCUMENTS_PURGE_INTERVAL_MS)],
  };
}

if (require.main === module) {
  runServiceMain({ name: 'documents', migrate: migrateDocuments, start: startDocuments });
}
