import { z } from 'zod';
import { PlatformError, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import { compileTemplate, DEFAULT_TEMPLATES, isTemplateType, renderEmail, SAMPLE_VALUES, TEMPLATE_TYPES, VOCABULARY } from '../domain/templates';
import type { notificationsV1 } from '@platform/proto';

const renderInput = z.object({
  type: z.string().refine(isTemplateType, `must be one of ${TEMPLATE_TYPES.join(', ')}`),
  subject: z.string(),
  body: z.string(),
  values: z.record(z.string(), z.string()),
});

/** Internal: the built-in templates and the template rules, for the organisation service's template endpoints. */
export function emailTemplateHandlers(): Pick<AsyncService<notificationsV1.NotificationsServiceServer>, 'listDefaultEmailTemplates' | 'renderEmailTemplate'> {
  return {
    async listDefaultEmailTemplates() {
      return {
        templates: TEMPLATE_TYPES.map((type) => ({
          type,
          subject: DEFAULT_TEMPLATES[type].subject,
          body: DEFAULT_TEMPLATES[type].body,
          placeholders: [...VOCABULARY[type].placeholders],
          flags: [...VOCABULARY[type].flags],
        })),
      };
    },

    async renderEmailTemplate(request) {
      const req = validate(renderInput, request);
      if (!isTemplateType(req.type)) throw new Error('unreachable: type was validated');
      const compiled = compileTemplate(req.type, req.subject, req.body);
      if (!compiled.ok) throw PlatformError.validation(compiled.violations, `Invalid ${[...new Set(compiled.violations.map((v) => v.field))].join(', ')}`);
      const { flags: flagNames } = VOCABULARY[req.type];
      const flags = { ...SAMPLE_VALUES.flags };
      const values = { ...SAMPLE_VALUES.values };
      for (const [key, value] of Object.entries(req.values)) {
        if (flagNames.includes(key)) flags[key] = value === 'true';
        else values[key] = value;
      }
      return renderEmail(compiled.template, { values, flags });
    },
  };
}
