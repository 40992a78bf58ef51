import { status, type ServiceError } from '@grpc/grpc-js';
import type { SecretBox } from '@platform/crypto';
import type { PlatformClient } from '@platform/grpc-server/service';
import type { Logger } from '@platform/telemetry';
import type { TemplateType } from '../domain/templates';
import type { organisationV1 } from '@platform/proto';
import { DeliverySettingsUnavailable, DeliverySettingsUnusable, type DeliverySettings, type DeliverySettingsSource } from './ports';

type EmailDelivery = organisationV1.EmailDelivery;

/** While the organisation service answers UNIMPLEMENTED, ask again only after this long. */
const UNIMPLEMENTED_RECHECK_MS = 60_000;

export interface OrganisationDeliveryOptions {
  /** The kit's client of the organisation service (with this service's token). */
  organisation: PlatformClient<organisationV1.OrganisationServiceClient>;
  secrets: SecretBox;
  /** The built-in source, for platform mail and whatever the organisation does not set. */
  fallback: DeliverySettingsSource;
  logger: Logger;
  timeoutMs?: number;
}

/**
 * Templates and SMTP settings from the organisation service (`GetEmailDelivery`), each missing part
 * filled from the built-in source. Until the organisation service implements the RPC (UNIMPLEMENTED)
 * every email uses the built-in source; an unreachable service makes the email wait and retry, so
 * no organisation's mail goes out in the wrong template or through the wrong server.
 */
export function organisationDeliverySettings(options: OrganisationDeliveryOptions): DeliverySettingsSource {
  const { organisation } = options;
  let unimplementedUntil = 0;
  const openPassword = (sealed: string): string => {
    try {
      return options.secrets.open(sealed);
    } catch {
      throw new DeliverySettingsUnusable("the organisation's SMTP password does not open with SECRETS_KEY (the services must share one key)");
    }
  };

  return {
    async settingsFor(organizationId, type: TemplateType): Promise<DeliverySettings> {
      const fallback = await options.fallback.settingsFor(organizationId, type);
      if (!organizationId || Date.now() < unimplementedUntil) return fallback;
      let reply: EmailDelivery;
      try {
        reply = await organisation.call(organisation.client.getEmailDelivery, { organizationId, type }, { timeoutMs: options.timeoutMs ?? 5_000 });
      } catch (err) {
        const code = (err as ServiceError).code;
        if (code === status.UNIMPLEMENTED) {
          if (Date.now() >= unimplementedUntil)
            options.logger.info('the organisation service has no GetEmailDelivery yet: built-in templates and platform SMTP');
          unimplementedUntil = Date.now() + UNIMPLEMENTED_RECHECK_MS;
          return fallback;
        }
        if (code === status.NOT_FOUND) return fallback;
        throw new DeliverySettingsUnavailable(`organisation service: ${(err as Error).message}`);
      }
      const smtp =
        reply.smtp?.host && reply.smtp.fromAddress
          ? {
              host: reply.smtp.host,
              port: reply.smtp.port || 587,
              secure: reply.smtp.secure,
              requireTls: reply.smtp.requireTls,
              tenantGiven: true,
              username: reply.smtp.username,
              password: reply.smtp.passwordSealed ? openPassword(reply.smtp.passwordSealed) : '',
              from: reply.smtp.fromName ? `"${reply.smtp.fromName.replace(/["\\\r\n]/g, '')}" <${reply.smtp.fromAddress}>` : reply.smtp.fromAddress,
            }
          : fallback.smtp;
      const custom = reply.template && reply.template.body.trim() !== '' ? reply.template : undefined;
      return {
        template: custom ? { subject: custom.subject, body: custom.body } : fallback.template,
        smtp,
        customTemplate: custom !== undefined,
        organizationName: reply.organizationName || undefined,
        organizationSlug: reply.organizationSlug || undefined,
      };
    },
  };
}
