import type { SecretBox } from '@platform/crypto';
import type { Logger } from '@platform/telemetry';
import type { Identity, JoinRequestLimiter, MembershipLimitPolicy, Notifications, SmtpClient } from './clients/ports';
import type { SagaHooks } from './domain/saga';
import type { OrganisationMessages } from './messages/organisation-messages';
import type { OrganisationDb } from './store/db';

/** What the organisation service's handlers and workflows are given by its wiring (main.ts). */
export interface OrganisationDeps {
  db: OrganisationDb;
  identity: Identity;
  messages: OrganisationMessages;
  membershipLimit: MembershipLimitPolicy;
  notifications: Notifications;
  smtp: SmtpClient;
  /** Seals the SMTP password at rest (SECRETS_KEY, shared with notifications). */
  secrets: SecretBox;
  /** Test seam of the create-with-owner saga (failure injection); production passes none. */
  sagaHooks?: Pick<SagaHooks, 'beforeStep'>;
  /** Counts join-request submissions (Redis), with the hourly limits per address and per client IP. */
  joinRequests: { limiter: JoinRequestLimiter; perEmailPerHour: number; perIpPerHour: number };
  logger: Logger;
  now: () => Date;
}
