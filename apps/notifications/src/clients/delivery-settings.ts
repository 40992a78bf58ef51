import { DEFAULT_TEMPLATES, type TemplateSource, type TemplateType } from '../domain/templates';

/** An SMTP server to send through. */
export interface SmtpServer {
  host: string;
  port: number;
  /** Implicit TLS; otherwise STARTTLS when offered. */
  secure: boolean;
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
  close(): void;
}

/** The source could not answer now (the organisation service is down or slow): try again later. */
export class DeliverySettingsUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliverySettingsUnavailable';
  }
}

/** The built-in templates and the platform's SMTP server for everyone: the default source. */
export function builtInDeliverySettings(platformSmtp: SmtpServer): DeliverySettingsSource {
  return {
    settingsFor: async (_organizationId, type) => ({ template: DEFAULT_TEMPLATES[type], smtp: platformSmtp, customTemplate: false }),
    close: () => undefined,
  };
}

/** The settings cannot be used, and will not become usable by retrying (a password sealed with another key). */
export class DeliverySettingsUnusable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliverySettingsUnusable';
  }
}
