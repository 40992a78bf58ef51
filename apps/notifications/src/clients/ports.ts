import type { organisationV1 } from '@platform/proto';
import type { TemplateSource, TemplateType } from '../domain/templates';

// The services and servers notifications calls, as its code uses them (gRPC and nodemailer clients
// in production, fakes in tests). Push (FCM) is PushSender in push-sender.ts.

/** An SMTP server to send through. */
export interface SmtpServer {
  host: string;
  port: number;
  /** Implicit TLS; otherwise STARTTLS (when offered, or always when `requireTls`). */
  secure: boolean;
  /** STARTTLS is required (an organisation's server unless its admin turned TLS off). */
  requireTls: boolean;
  /**
   * An organisation's own server (an address a tenant gave): it goes through the
   * outbound-destination guard. The platform's server is the operator's and does not.
   */
  tenantGiven: boolean;
  username: string;
  password: string;
  /** The From header: `Name <address>` or an address. */
  from: string;
}

/** How one email of an organisation is sent: its template and the server. */
export interface DeliverySettings {
  template: TemplateSource;
  smtp: SmtpServer;
  /** Whether the template is the organisation's own (else the built-in default). */
  customTemplate: boolean;
  /** The organisation's current name and slug, when the source knows them. */
  organizationName?: string;
  organizationSlug?: string;
}

/**
 * Where templates and SMTP settings come from. The organisation service owns organisations'
 * templates and SMTP settings; a source answers for one organisation (or null: platform mail) and
 * one template type. A temporary failure is thrown as DeliverySettingsUnavailable (the email is
 * retried later); everything else falls back to the built-in template and the platform's server.
 */
export interface DeliverySettingsSource {
  settingsFor(organizationId: string | null, type: TemplateType): Promise<DeliverySettings>;
}

/** The source could not answer now (the organisation service is down or slow): try again later. */
export class DeliverySettingsUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliverySettingsUnavailable';
  }
}

/** The settings cannot be used, and will not become usable by retrying (a password sealed with another key). */
export class DeliverySettingsUnusable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliverySettingsUnusable';
  }
}

/** One page of the organisation service's memberships (a gRPC client in production, a fake in tests). */
export interface MembershipSnapshotSource {
  /** The page after `afterId` ('' for the first), at most `limit` items; rejects with the gRPC error. */
  page(afterId: string, limit: number): Promise<organisationV1.MembershipSnapshotPage>;
}

export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable across retries, so a receiving server or a reader can tell a repeated delivery. */
  messageId: string;
}

export interface SentEmail {
  messageId: string;
  /** The server's final reply, e.g. `250 OK: queued`. */
  response: string;
}

/** Sends one email through one SMTP server; rejects with nodemailer's error (code, responseCode, command). */
export interface Mailer {
  send(server: SmtpServer, email: OutgoingEmail): Promise<SentEmail>;
  close(): void;
}
