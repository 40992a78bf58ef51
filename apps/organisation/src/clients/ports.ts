import type { CallContext } from '@platform/grpc-server';
import type { identityV1, notificationsV1 } from '@platform/proto';
import type { DefaultTemplate } from '../domain/email-templates';
import type { MembershipLimit } from '../domain/membership-limit';

/** Identity's internal RPCs as this service uses them (a gRPC client in production, a fake in tests). */
export interface Identity {
  /** The account with this email, or a new one without a password. */
  ensureAccount(
    input: { email: string; firstName: string; lastName: string },
    parent?: CallContext,
  ): Promise<{ account: identityV1.Account; created: boolean }>;
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

/** Talks SMTP (nodemailer in production and tests); rejects with nodemailer's error. */
export interface SmtpClient {
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
