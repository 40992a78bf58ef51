import type { AsyncService } from '@platform/grpc-server';
import type { notificationsV1 } from '@platform/proto';
import type { NotificationsDeps } from './rpc/deps';
import { deviceHandlers } from './rpc/devices';
import { emailLogHandlers } from './rpc/email-logs';
import { emailTemplateHandlers } from './rpc/email-templates';
import { inboxHandlers } from './rpc/inbox';
import { sendNotificationHandlers } from './rpc/send-notification';

/** Every RPC of platform.notifications.v1.NotificationsService. */
export function notificationsService(deps: NotificationsDeps): AsyncService<notificationsV1.NotificationsServiceServer> {
  return {
    ...sendNotificationHandlers(deps),
    ...inboxHandlers(deps),
    ...deviceHandlers(deps),
    ...emailLogHandlers(deps),
    ...emailTemplateHandlers(),
  };
}
