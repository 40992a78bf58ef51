import type { AsyncService } from '@platform/grpc-server';
import type { notificationsV1 } from '@platform/proto';
import type { NotificationsDeps } from './deps';
import { deviceHandlers } from './rpc/devices';
import { emailLogHandlers } from './rpc/email-logs';
import { emailTemplateHandlers } from './rpc/email-templates';
import { inboxHandlers } from './rpc/inbox';
import { sendNotificationHandlers } from './rpc/send-notification';
import { upsertNotificationsHandlers } from './rpc/upsert-notifications';

/** Every RPC of platform.notifications.v1.NotificationsService, each taken from the handler file that answers it. */
export function notificationsService(deps: NotificationsDeps): AsyncService<notificationsV1.NotificationsServiceServer> {
  const { sendNotification } = sendNotificationHandlers(deps);
  const { listNotifications, getNotification, updateNotification, deleteNotification } = inboxHandlers(deps);
  const { registerDevice, unregisterDevice } = deviceHandlers(deps);
  const { listEmailLogs, getEmailLog } = emailLogHandlers(deps);
  const { listDefaultEmailTemplates, renderEmailTemplate } = emailTemplateHandlers();
  const { upsertNotifications } = upsertNotificationsHandlers(deps);
  return {
    sendNotification,
    listNotifications,
    getNotification,
    updateNotification,
    deleteNotification,
    registerDevice,
    unregisterDevice,
    listEmailLogs,
    getEmailLog,
    listDefaultEmailTemplates,
    renderEmailTemplate,
    upsertNotifications,
  };
}
