import { status, type ServiceError } from '@grpc/grpc-js';
import { ERROR_VIOLATIONS_KEY, PlatformError, type FieldViolation } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { PlatformClient } from '@platform/grpc-server/service';
import type { notificationsV1 } from '@platform/proto';
import type { DefaultTemplate } from '../domain/email-templates';
import type { Notifications } from './ports';

/** The built-in templates change only when notifications is deployed: reuse them this long. */
const DEFAULTS_CACHE_MS = 60_000;

/** The field violations a platform service put in the trailing metadata of an error. */
function violationsOf(err: ServiceError): FieldViolation[] {
  const [raw] = err.metadata?.get(ERROR_VIOLATIONS_KEY) ?? [];
  if (raw === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : raw);
    return Array.isArray(parsed) ? (parsed as FieldViolation[]) : [];
  } catch {
    return [];
  }
}

/** Notifications' internal template RPCs, called with the organisation service's token. */
export function grpcNotifications(notifications: PlatformClient<notificationsV1.NotificationsServiceClient>, now: () => number = Date.now): Notifications {
  const { client } = notifications;
  const options = (parent?: CallContext) => ({ parent });
  let cached: { templates: DefaultTemplate[]; until: number } | undefined;
  return {
    async defaultTemplates(parent) {
      if (cached && now() < cached.until) return cached.templates;
      const reply = await notifications.call(client.listDefaultEmailTemplates, {}, options(parent));
      cached = { templates: reply.templates, until: now() + DEFAULTS_CACHE_MS };
      return reply.templates;
    },
    async renderTemplate(input, parent) {
      try {
        return await notifications.call(client.renderEmailTemplate, input, options(parent));
      } catch (err) {
        // Notifications' verdict on a template (does not parse, unknown placeholder) is the client's 400.
        if ((err as Partial<ServiceError>)?.code === status.INVALID_ARGUMENT) {
          throw PlatformError.validation(violationsOf(err as ServiceError), (err as ServiceError).details || 'Invalid template');
        }
        throw err;
      }
    },
  };
}
