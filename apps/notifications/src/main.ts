import { SecretBox } from '@platform/crypto';
import { migrationsDir } from '@platform/db';
import { runServiceMain, type RunningService } from '@platform/grpc-server';
import {
  JobWake,
  migrateService,
  registeredServiceSpec,
  startPlatformService,
  type PlatformInfra,
  type PlatformServiceSpec,
  type ServiceWiring,
} from '@platform/grpc-server/service';
import { createDestinationGuard } from '@platform/outbound';
import { notificationsV1 } from '@platform/proto';
import { counter } from '@platform/telemetry';
import { builtInDeliverySettings } from './clients/delivery-settings';
import { organisationDeliverySettings } from './clients/organisation-delivery-settings';
import { organisationMembershipSnapshot } from './clients/organisation-memberships';
import type { SmtpServer } from './clients/ports';
import { pushSenderFromSettings } from './clients/push-sender';
import { nodemailerMailer } from './clients/smtp-mailer';
import { loadConfig, type NotificationsConfig } from './config';
import type { NotificationsDeps } from './deps';
import { emailDispatcherJob } from './jobs/email-dispatcher';
import { emailLogPurgeJob } from './jobs/email-log-purge';
import { pushDispatcherJob } from './jobs/push-dispatcher';
import { emailConsumer } from './messages/email-consumer';
import { eventLifecycleConsumer } from './messages/event-lifecycle-consumer';
import { prepareMembershipBackfill, prismaBackfillStore } from './messages/membership-backfill';
import { membershipConsumer } from './messages/membership-consumer';
import { newsConsumer } from './messages/news-consumer';
import { organisationEmailConsumer } from './messages/organisation-email-consumer';
import { notificationsService } from './service';
import { createNotificationsDb, type NotificationsDb, type Tx } from './store/db';

/** The notifications service on the platform's service shape: its registry entry (schema, ports; it publishes nothing, so no outbox relay) and database client. */
function platformSpec(config: NotificationsConfig, env: NodeJS.ProcessEnv): PlatformServiceSpec<NotificationsDb> {
  return registeredServiceSpec('notifications', config, env, { migrationsDir: migrationsDir(__dirname), createDb: createNotificationsDb });
}

/** Applies the notifications service's migrations (also `main.js --migrate-only`, a release's init container). */
export async function migrateNotifications(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await migrateService(platformSpec(loadConfig(env), env));
}

/**
 * Starts the notifications service on the platform's service kit: the message consumers (emails,
 * push, the membership projection), the membership backfill, the email and push dispatchers and
 * the email-log purge as kit jobs, and the RPCs.
 */
export async function startNotifications(env: NodeJS.ProcessEnv = process.env): Promise<RunningService> {
  const config = loadConfig(env);
  return startPlatformService(platformSpec(config, env), (infra) => wireNotifications(config, infra));
}

/** The notifications service's own parts on the shared infrastructure: delivery, consumers, its jobs, the RPCs. */
async function wireNotifications(
  config: NotificationsConfig,
  { db, clients, logger, registry, onStop }: PlatformInfra<NotificationsDb>,
): Promise<ServiceWiring<Tx>> {
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
  // Without ORGANISATION_GRPC_URL: built-in templates and platform SMTP only, and no backfill.
  const organisation = clients.has('organisation') ? clients.of('organisation') : undefined;
  const settings = organisation ? organisationDeliverySettings({ organisation, secrets, fallback: builtIn, logger }) : builtIn;
  const mailer = nodemailerMailer({
    timeoutMs: config.SMTP_TIMEOUT_MS,
    guard: createDestinationGuard({ feature: 'smtp', allowed: config.OUTBOUND_ALLOWED_DESTINATIONS, lookupTimeoutMs: config.SMTP_TIMEOUT_MS }),
  });
  onStop(() => mailer.close());
  const push = pushSenderFromSettings({
    serviceAccountJson: config.FIREBASE_SERVICE_ACCOUNT_JSON,
    credentialsPath: config.GOOGLE_APPLICATION_CREDENTIALS,
    testEndpoint: config.FIREBASE_TEST_ENDPOINT,
  });
  onStop(() => push.close());
  if (!push.enabled) logger.warn('no FCM credentials (FIREBASE_SERVICE_ACCOUNT_JSON or GOOGLE_APPLICATION_CREDENTIALS): push is skipped, inboxes still fill');

  const emailQueued = new JobWake();
  const pushQueued = new JobWake();
  const emailDispatcher = emailDispatcherJob({
    db,
    settings,
    mailer,
    secrets,
    retry: { maxAttempts: config.EMAIL_MAX_ATTEMPTS, baseMs: config.EMAIL_RETRY_BASE_MS, maxMs: config.EMAIL_RETRY_MAX_MS },
    concurrency: config.EMAIL_CONCURRENCY,
    pollMs: config.EMAIL_POLL_MS,
    wake: emailQueued,
    leaseMs: config.SMTP_TIMEOUT_MS * 4 + 10_000,
    logger,
    sent: counter(registry, 'notifications_emails_total', 'Emails by template type and final status', ['type', 'status']),
    now: () => new Date(),
  });
  const pushDispatcher = pushDispatcherJob({
    db,
    sender: push,
    batchSize: config.PUSH_BATCH_SIZE,
    retry: { maxAttempts: config.PUSH_MAX_ATTEMPTS, baseMs: config.PUSH_RETRY_BASE_MS, maxMs: config.PUSH_RETRY_MAX_MS },
    pollMs: config.PUSH_POLL_MS,
    wake: pushQueued,
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
    source: organisation ? organisationMembershipSnapshot({ organisation }) : undefined,
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
  onStop(() => backfill.stop());
  // In the background: the service answers meanwhile (with the memberships known so far).
  backfill.start();
  const deps: NotificationsDeps = {
    db,
    pushEnabled: push.enabled,
    wakePush: () => pushQueued.wake(),
    logger,
    now: () => new Date(),
    importInboxDays: config.NOTIFICATIONS_IMPORT_INBOX_DAYS,
  };
  const emailsQueued = { context: emailContext, onQueued: () => emailQueued.wake() };

  return {
    services: [{ definition: notificationsV1.NotificationsServiceService, handlers: notificationsService(deps) }],
    jobs: [emailDispatcher, pushDispatcher, emailLogPurgeJob(db, config.EMAIL_LOG_RETENTION_DAYS, config.HOUSEKEEPING_INTERVAL_MS)],
    consumers: [
      membershipConsumer(logger),
      emailConsumer(emailsQueued),
      organisationEmailConsumer(emailsQueued),
      eventLifecycleConsumer({
        context: emailContext,
        pushEnabled: push.enabled,
        onQueued: () => {
          emailQueued.wake();
          pushQueued.wake();
        },
      }),
      newsConsumer({ pushEnabled: push.enabled, onQueued: () => pushQueued.wake() }),
    ],
  };
}

if (require.main === module) {
  runServiceMain({ name: 'notifications', migrate: migrateNotifications, start: startNotifications });
}
