import { DEFAULT_TEMPLATES } from '../domain/templates';
import type { DeliverySettingsSource, SmtpServer } from './ports';

/** The built-in templates and the platform's SMTP server for everyone: the default source. */
export function builtInDeliverySettings(platformSmtp: SmtpServer): DeliverySettingsSource {
  return {
    settingsFor: async (_organizationId, type) => ({ template: DEFAULT_TEMPLATES[type], smtp: platformSmtp, customTemplate: false }),
  };
}
