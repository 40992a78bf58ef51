import type { CallContext } from '@platform/grpc-server';
import type { identityV1, notificationsV1 } from '@platform/proto';
import type { DefaultTemplate } from '../domain/email-templates';
import type { MembershipLimit } from '../domain/membership-limit';

/** One answer of ensureAccounts: the account (and whether it was created for this call), or why not. */
export type EnsuredAccount = { account: identityV1.Account; created: boolean } | Error;

/** Identity's internal RPCs as this service uses them (a gRPC client in production, a fake in tests). */
export interface Identity {
  /** The account with this email, or a new one without a password. */
  ensureAccount(
    input: { email: string; firstName: string; lastName: string },
    parent?: CallContext,
  ): Promise<{ account: identityV1.Account; created: boolean }>;
  /**
   * ensureAccount for many people in one call (an import batch): per entry, in order, the account and
   * whether this call created it, or the entry's error.
   */
  ensureAccounts(people: readonly { email: string; firstName: string; lastName: string }[], parent?: CallContext): Promise<EnsuredAccount[]>;
  /**
   * Sets the first password and the names of an account without a password, its email verified
   * (the caller proved the address). Answers the account, or undefined when it already has a password.
   */
  activateAccount(
    input: { accountId: string; password: string; firstName: string; lastName: string },
    parent?: CallContext,
  ): Promise<identityV1.Account | undefined>;
  /** Compensation: removes an account that ensureAccount created and nothing used yet. */
  discardCreatedAccount(accountId: string, parent?: CallContext): Promise<void>;
  /** The account, or undefined when identity does not know it. */
  getAccount(accountId: string, parent?: CallContext): Promise<identityV1.Account | undefined>;
  /** The platform settings (secrets by name only). */
  readSystemSettings(parent?: CallContext): Promise<identityV1.SystemSettings>;
  /** The account's most recent audit entries, newest first. */
  listRecentAuditEntries(userId: string, limit: number, parent?: CallContext): Promise<identityV1.AuditLogEntry[]>;
}

/** Notifications' internal template RPCs (the template rules live there, not here). */
export interface Notifications {
  /** The built-in template of every type, with the placeholders and flags it may use. */
  defaultTemplates(parent?: CallContext): Promise<DefaultTemplate[]>;
  /** Checks a template and renders it with sample data; a template that breaks the rules is a validation error (400). */
  renderTemplate(input: notificationsV1.RenderEmailTemplateRequest, parent?: CallContext): Promise<notificationsV1.RenderedEmail>;
}

/** One SMTP server with its password in plain text (opened just before use, never stored so). */
export interface SmtpServer {
  host: string;
  port: number;
  secure: boolean;
  /** STARTTLS (or implicit TLS) is required unless the organisation's admin turned it off. */
  requireTls: boolean;
  username: string;
  password: string;
}

export interface OutgoingTestEmail {
  from: string | { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Talks SMTP to a tenant's server (nodemailer in production and tests) through the
 * outbound-destination guard: rejects with DestinationRefused (a 400, before any connection),
 * DestinationUnresolved or nodemailer's error.
 */
export interface SmtpClient {
  /** The guard's rules that need no lookup (port, IP literal), for saving settings: throws DestinationRefused. */
  checkDestination(host: string, port: number): void;
  /** Connects, greets and logs in (when there is a username), then quits. */
  verify(server: SmtpServer): Promise<void>;
  send(server: SmtpServer, email: OutgoingTestEmail): Promise<{ messageId: string; response: string }>;
}

/**
 * Where `maxOrganisationsPerUser` comes from (identity's settings, cached briefly). Read it before
 * opening the transaction that starts a membership: never a remote call inside a transaction.
 */
export interface MembershipLimitPolicy {
  current(parent?: CallContext): Promise<MembershipLimit>;
}

/** One fixed-window counter's verdict: allowed, or how long until the window ends. */
export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts join-request submissions per address and per client IP (Redis in production). */
export interface JoinRequestLimiter {
  /** Counts one submission against every key's hourly window; refused when any key is over its limit. */
  take(keys: { key: string; limit: number }[]): Promise<RateVerdict>;
}
