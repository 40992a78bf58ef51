import { z } from 'zod';
import { uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import type { OrganisationDeps } from '../deps';
import { deliveryTemplate, normaliseTemplateType, TEMPLATE_TYPE_PATTERN } from '../domain/email-templates';
import { organizationNotFound } from '../domain/errors';
import { findTemplateByType } from '../store/email-templates';
import { findLiveOrganization } from '../store/organisations';
import { findSmtpSettings } from '../store/smtp-settings';

const queryInput = z.object({
  organizationId: uuid,
  type: z
    .string()
    .transform(normaliseTemplateType)
    .refine((value) => TEMPLATE_TYPE_PATTERN.test(value), 'must be a template type'),
});

/**
 * Internal: what notifications sends an organisation's email with (service tokens only). No call to
 * notifications: an uncustomised type answers no template (the built-in one), and the password
 * travels as it is stored, sealed with the shared SECRETS_KEY.
 */
export function emailDeliveryHandlers(deps: OrganisationDeps): Pick<AsyncService<organisationV1.OrganisationServiceServer>, 'getEmailDelivery'> {
  return {
    async getEmailDelivery(request) {
      const { organizationId, type } = validate(queryInput, request);
      const org = await findLiveOrganization(deps.db, organizationId);
      if (!org) throw organizationNotFound();
      const [template, smtp] = await Promise.all([findTemplateByType(deps.db, organizationId, type), findSmtpSettings(deps.db, organizationId)]);
      return {
        organizationName: org.name,
        organizationSlug: org.slug,
        template: deliveryTemplate(template ?? undefined),
        smtp: smtp
          ? {
              host: smtp.host,
              port: smtp.port,
              username: smtp.username,
              passwordSealed: smtp.passwordSealed ?? '',
              fromAddress: smtp.fromAddress,
              fromName: smtp.fromName,
              secure: smtp.secure,
              requireTls: smtp.requireTls,
            }
          : undefined,
      };
    },
  };
}
