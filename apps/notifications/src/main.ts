import { SecretBox } from '@platform/crypto';
import { migrationsDir } from '@platform/db';
import { runServiceMain, ServiceTokens, type RunningService } from '@platform/grpc-server';
import {
  migrateService,
  registeredServiceSpec,
  startPlatformService,
  type PlatformInfra,
  type PlatformServiceSpec,
  type ServiceWiring,
} from '@platform/grpc-server/service';
import type { ServiceEventSource } from '@platform/messaging';
import { createDestinationGuard } from '@platform/outbound';
import { counter } from '@platform/telemetry';
import { builtInDeliverySettings } from './clients/delivery-settings';
import { organisationDeliverySettings } from './clients/organisation-delivery-settings';
import { organisationMembershipSnapshot } from './clients/organisation-memberships';
import type { SmtpServer } from './clients/ports';
import { pushSenderFromSettings } from './clients/push-sender';
import { nodemailerMailer } from './clients/smtp-mailer';
import { loadConfig, type NotificationsConfig } from './config';
import { consumeEmailEvents } from './events/email-consumer';
import { consumeEventsServiceEvents } from './events/event-consumer';
import { consumeOrganisationEmailEvents } from './events/organisation-email-consumer';
import { prepareMembershipBackfill, prismaBackfillStore } from './events/membership-backfill';
import { consumeMembershipEvents } from './events/membership-consumer';
import { consumeNewsEvents } from './events/news-consumer';
import { startEmailDispatcher } from './jobs/email-dispatcher';
import { emailLogPurgeJob } from './jobs/email-log-purge';
import { startPushDispatcher } from './jobs/push-dispatcher';
import { notificationsV1 } from '@platform/proto';
import { notificationsService } from './service';
import { createNotificationsDb, type NotificationsDb, type Tx } from './store/db';

/** The notifications service on the platform's service shape: its registry entry (schema, ports) and database client (no outbox relay). */
function platformSpec(config: NotificationsConfig, env: NodeJS.ProcessEnv): PlatformServiceSpec<NotificationsDb> {
  return registeredServiceSpec('notifications', config, env, { migrationsDir: migrationsDir(__dirname), createDb: createNotificationsDb, outboxRelay: false });
}

/** Applies the notifications service's migrations (also `main.js --migrate-only`, a release's init container). */
export async function migrateNotifications(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await migrateService(platformSpec(loadConfig(env), env));
}

/**
 * Wires the notifications service: migrations, database, NATS, the event consumers (emails, the
 * membership projection), the membership backfill, the email and push dispatchers, the email-log
 * purge job, and the gRPC server.
 */
export async function startNotifications(env: NodeJS.ProcessEnv = process.env): Promise<RunningService> {
  const config = loadConfig(env);
  return startPlatformService(platformSpec(config, env), (infra) => wireNotifications(config, infra));
}

/** The notifications service's own parts on the shared infrastructure: delivery, consumers, the email-log purge, the RPCs. */
async function wireNotifications(
  config: NotificationsConfig,
  { db, js, names, schema, signer, logger, registry }: PlatformInfra<NotificationsDb>,
): Promise<ServiceWiring> {
  const secrets = new SecretBox(config.SECRETS_KEY);
  const platformSmtp: SmtpServer = {
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE,
    // The operator's relay: STARTTLS when offered (SMTP_SECURE for implicit TLS), never guarded.
    requireTls: false,
    tenantGiven: false,
    username: config.SMTP_USER,
    password: config.SMTP_PASSWORD,
    from: config.SMTP_FROM,
  };
  const builtIn = builtInDeliverySettings(platformSmtp);
  const tokens = new ServiceTokens(signer, 'notifications');
  const settings = config.ORGANISATION_GRPC_URL
    ? organisationDeliverySettings({ address: config.ORGANISATION_GRPC_URL, tokens, secrets, fallback: builtIn, logger })
    : builtIn;
  const mailer = nodemailerMailer({
    timeoutMs: config.SMTP_TIMEOUT_MS,
    guard: createDestinationGuard({ feature: 'smtp', allowed: config.OUTBOUND_ALLOWED_DESTINATIONS, lookupTimeoutMs: config.SMTP_TIMEOUT_MS }),
  });
  const push = pushSenderFromSettings({
    serviceAccountJson: config.FIREBASE_SERVICE_ACCOUNT_JSON,
    credentialsPath: config.GOOGLE_APPLICATION_CREDENTIALS,
    testEndpoint: config.FIREBASE_TEST_ENDPOINT,
  });
  if (!push.enabled) logger.warn('no FCM credentials (FIREBASE_SERVICE_ACCOUNT_JSON or GOOGLE_APPLICATION_CREDENTIALS): push is skipped, inboxes still fill');

  const emails = startEmailDispatcher({
    db,
    settings,
    mailer,
    secrets,
    retry: { maxAttempts: config.EMAIL_MAX_ATTEMPTS, baseMs: config.EMAIL_RETRY_BASE_MS, maxMs: config.EMAIL_RETRY_MAX_MS },
    concurrency: config.EMAIL_CONCURRENCY,
    pollMs: config.EMAIL_POLL_MS,
    leaseMs: config.SMTP_TIMEOUT_MS * 4 + 10_000,
    logger,
    sent: counter(registry, 'notifications_emails_total', 'Emails by template type and final status', ['type', 'status']),
    now: () => new Date(),
  });
  const pushes = startPushDispatcher({
    db,
    sender: push,
    batchSize: config.PUSH_BATCH_SIZE,
    retry: { maxAttempts: config.PUSH_MAX_ATTEMPTS, baseMs: config.PUSH_RETRY_BASE_MS, maxMs: config.PUSH_RETRY_MAX_MS },
    pollMs: config.PUSH_POLL_MS,
    leaseMs: 120_000,
    logger,
    pushed: counter(registry, 'notifications_push_messages_total', 'Push messages by outcome', ['outcome']),
    now: () => new Date(),
  });
  const emailContext = {
    appUrl: config.PUBLIC_APP_URL,
    platformName: config.PLATFORM_NAME,
    seal: (plain: string) => secrets.seal(plain),
    open: (sealed: string) => secrets.open(sealed),
  };
  // Decided before the membership consumer starts: its first rows must not make a new projection look filled.
  const backfill = await prepareMembershipBackfill({
    store: prismaBackfillStore(db),
    source: config.ORGANISATION_GRPC_URL ? organisationMembershipSnapshot({ address: config.ORGANISATION_GRPC_URL, tokens }) : undefined,
    mode: config.MEMBERSHIP_BACKFILL,
    pageSize: config.MEMBERSHIP_BACKFILL_PAGE_SIZE,
    retry: { baseMs: config.MEMBERSHIP_BACKFILL_RETRY_BASE_MS, maxMs: config.MEMBERSHIP_BACKFILL_RETRY_MAX_MS },
    logger,
    rows: counter(
      registry,
      'notifications_membership_backfill_rows_total',
      'Membership snapshot rows read by the backfill, by outcome (written, older, invalid)',
      ['outcome'],
    ),
    now: () => new Date(),
  });
  const source: ServiceEventSource<Tx> = { js, names, schema, logger, metrics: registry, withTransaction: (work) => db.$transaction(work) };
  const consumers = [await consumeMembershipEvents(source), await consumeEmailEvents(source, { context: emailContext, onQueued: () => emails.wake() })];
  consumers.push(await consumeOrganisationEmailEvents(source, { context: emailContext, onQueued: () => emails.wake() }));
  consumers.push(
    await consumeEventsServiceEvents(source, {
      context: emailContext,
      pushEnabled: push.enabled,
      onQueued: () => {
        emails.wake();
        pushes.wake();
      },
    }),
  );
  consumers.push(await consumeNewsEvents(source, { pushEnabled: push.enabled, onQueued: () => pushes.wake() }));
  // In the background: the service answers meanwhile (with the memberships known so far).
  backfill.start();
  const deps = {
    db,
    pushEnabled: push.enabled,
    wakePush: () => pushes.wake(),
    logger,
    now: () => new Date(),
    importInboxDays: config.NOTIFICATIONS_IMPORT_INBOX_DAYS,
  };

  return {
    services: [{ definition: notificationsV1.NotificationsServiceService, handlers: notificationsService(deps) }],
    jobs: [emailLogPurgeJob(db, config.EMAIL_LOG_RETENTION_DAYS, config.HOUSEKEEPING_INTERVAL_MS)],
    stop: async () => {
      await backfill.stop();
      await Promise.all(consumers.map((c) => c.stop()));
      await Promise.all([emails.stop(), pushes.stop()]);
      mailer.close();
      settings.close();
      await push.close();
    },
  };
}

if (require.main === module) {
  runServiceMain({ name: 'notifications', migrate: migrateNotifications, start: startNotifications });
}
