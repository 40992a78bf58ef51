import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SecretBox } from '@platform/crypto';
import type { RunningService } from '@platform/grpc-server';
import { notificationsV1, organisationEventsV1 } from '@platform/proto';
import { startServiceHarness, TEST_SECRETS_KEY, type ServiceHarness } from '@platform/testing';
import { startNotifications } from '../src/main';
import { startFakeFcm, type FakeFcm } from './support/fake-fcm';
import { startOrganisationStandIn, type OrganisationStandIn } from './support/organisation-stand-in';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';

export const APP_URL = 'https://app.test';

export interface HarnessOptions {
  /** Start a fake FCM and give the service credentials for it (default: no push credentials). */
  push?: boolean;
  /** Sets up the stand-in organisation service before notifications starts (its membership snapshot, an outage). */
  organisation?: (organisation: OrganisationStandIn) => void;
  env?: NodeJS.ProcessEnv;
}

export interface NotificationsHarness extends ServiceHarness<
  notificationsV1.NotificationsServiceClient,
  typeof notificationsV1.NotificationsServiceService,
  RunningService
> {
  smtp: SmtpSink;
  fcm?: FakeFcm;
  organisation: OrganisationStandIn;
  box: SecretBox;
}

/** Starts notifications in-process on its own schema, stream and subjects, with a real SMTP server, a stand-in organisation service and (optionally) a fake FCM. */
export async function startNotificationsHarness(label: string, options: HarnessOptions = {}): Promise<NotificationsHarness> {
  const smtp = await startSmtpSink();
  const fcm = options.push ? await startFakeFcm() : undefined;
  // firebase-admin sends the token exchange through its agent only for a key file.
  const keyDir = fcm ? await mkdtemp(path.join(tmpdir(), 'fcm-key-')) : undefined;
  const keyFile = keyDir ? path.join(keyDir, 'service-account.json') : undefined;
  if (fcm && keyFile) await writeFile(keyFile, fcm.serviceAccountJson, { mode: 0o600 });
  const stopOwn = async () => {
    await smtp.stop();
    await fcm?.stop();
    if (keyDir) await rm(keyDir, { recursive: true, force: true });
  };
  const organisation = await startOrganisationStandIn();
  options.organisation?.(organisation);
  const h = await startServiceHarness({
    app: 'notifications',
    label,
    start: startNotifications,
    client: notificationsV1.NotificationsServiceClient,
    fakes: { organisation },
    env: {
      PUBLIC_APP_URL: APP_URL,
      PLATFORM_NAME: 'Test Platform',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_FROM: 'Test Platform <no-reply@platform.test>',
      SMTP_TIMEOUT_MS: '3000',
      EMAIL_MAX_ATTEMPTS: '4',
      EMAIL_RETRY_BASE_MS: '50',
      EMAIL_RETRY_MAX_MS: '200',
      EMAIL_POLL_MS: '50',
      PUSH_POLL_MS: '50',
      PUSH_RETRY_BASE_MS: '50',
      PUSH_RETRY_MAX_MS: '200',
      PUSH_MAX_ATTEMPTS: '3',
      FIREBASE_SERVICE_ACCOUNT_JSON: '',
      GOOGLE_APPLICATION_CREDENTIALS: keyFile ?? '',
      FIREBASE_TEST_ENDPOINT: fcm?.address ?? '',
      MEMBERSHIP_BACKFILL_RETRY_BASE_MS: '20',
      MEMBERSHIP_BACKFILL_RETRY_MAX_MS: '100',
      ...options.env,
    },
  }).catch(async (err: unknown) => {
    await stopOwn();
    throw err;
  });
  return {
    ...h,
    smtp,
    fcm,
    organisation,
    box: new SecretBox(TEST_SECRETS_KEY),
    stop: async () => {
      await h.stop();
      await stopOwn();
    },
  };
}

/** Publishes organisation.membership.changed as the organisation service does. */
export function membershipChanged(accountId: string, organizationId: string, role: string, status: string, occurredAt = new Date()): Uint8Array {
  return organisationEventsV1.MembershipChanged.encode({
    accountId,
    organizationId,
    role,
    status,
    previousStatus: '',
    previousRole: '',
    occurredAt: occurredAt.toISOString(),
  }).finish();
}
