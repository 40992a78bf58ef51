import { z } from 'zod';
import { jsonObject, optionalUuid, PlatformError, validate } from '@platform/errors';
import { callerOf, type AsyncService } from '@platform/grpc-server';
import type { notificationsV1 } from '@platform/proto';
import { writeNotification } from '../app/write-notification';
import type { NotificationsDeps } from '../deps';
import { isMembersOnly, recipientFilter, RECEIVING_STATUS } from '../domain/notification-target';
import { senderOrganization } from '../domain/organisation-scope';
import { dataViolations, MAX_BODY_LENGTH, MAX_TITLE_LENGTH } from '../domain/push-message';
import { findMembership } from '../store/member-projection';
import { toSentNotification } from './mappers';

const input = z.object({
  organizationId: optionalUuid,
  title: z.string().trim().min(1, 'is required').max(MAX_TITLE_LENGTH, `must be at most ${MAX_TITLE_LENGTH} characters`),
  body: z.string().trim().max(MAX_BODY_LENGTH, `must be at most ${MAX_BODY_LENGTH} characters`),
  targetType: z.string().trim().toUpperCase(),
  targetUserId: optionalUuid,
  targetRole: z.string().trim().max(20, 'is not a role'),
  data: jsonObject.optional(),
});

/**
 * POST /api/notifications: checks the target, writes the notification and one inbox entry per
 * recipient in one transaction, and answers 201; push delivery follows as a job. Recipients are
 * the organisation's ACTIVE members (of the role, or the one user); members-only content leaves
 * GUESTs out.
 */
export function sendNotificationHandlers(deps: NotificationsDeps): Pick<AsyncService<notificationsV1.NotificationsServiceServer>, 'sendNotification'> {
  return {
    async sendNotification(request, ctx) {
      const caller = callerOf(ctx);
      const req = validate(input, request);
      const organizationId = senderOrganization(caller, req.organizationId);
      const data = req.data ?? {};
      const membersOnly = isMembersOnly(data);
      const filter = recipientFilter(req, membersOnly);
      const violations = [...(Array.isArray(filter) ? filter : []), ...dataViolations(data)];
      if (violations.length > 0 || Array.isArray(filter)) throw PlatformError.validation(violations, `Invalid ${violations.map((v) => v.field).join(', ')}`);

      if (filter.accountId) {
        const target = await findMembership(deps.db, organizationId, filter.accountId);
        if (!target || target.status !== RECEIVING_STATUS) {
          throw PlatformError.validation([{ field: 'targetUserId', message: 'is not an active member of the organisation' }]);
        }
        if (membersOnly && target.role === 'GUEST') {
          throw PlatformError.validation([{ field: 'targetUserId', message: 'is a GUEST; members-only content goes to members only' }]);
        }
      }

      const notification = await writeNotification(
        deps,
        {
          organizationId,
          title: req.title,
          body: req.body,
          targetType: req.targetType,
          targetUserId: filter.accountId ?? null,
          targetRole: filter.role ?? null,
          data,
          membersOnly,
          senderId: caller.sub,
          push: deps.pushEnabled,
        },
        filter,
      );
      if (!deps.pushEnabled) ctx.logger.info({ notificationId: notification.id }, 'push is not configured: inbox entries written, no push sent');
      else deps.wakePush();
      ctx.logger.info({ notificationId: notification.id, organizationId, recipients: notification.recipientCount, membersOnly }, 'notification created');
      return toSentNotification(notification);
    },
  };
}
