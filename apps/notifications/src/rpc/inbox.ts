import { z } from 'zod';
import { pagedEnvelope, parsePageQuery } from '@platform/db';
import { PlatformError, uuid, validate } from '@platform/errors';
import { callerOf, type AsyncService } from '@platform/grpc-server';
import type { notificationsV1 } from '@platform/proto';
import type { NotificationsDeps } from '../deps';
import { inboxOrganization } from '../domain/organisation-scope';
import { deleteInboxEntry, findInboxEntry, listInbox, setInboxRead } from '../store/notifications';
import { toInboxNotification } from './mappers';

type InboxHandlers = Pick<
  AsyncService<notificationsV1.NotificationsServiceServer>,
  'listNotifications' | 'getNotification' | 'updateNotification' | 'deleteNotification'
>;

const byId = z.object({ notificationId: uuid });
const update = z.object({ notificationId: uuid, read: z.boolean({ error: 'is required (true or false)' }) });

const notFound = () => PlatformError.notFound('Notification');

/** The caller's inbox: list (read filter, paged, newest first), read one, mark read or unread, delete. Only their own entries exist for them. */
export function inboxHandlers(deps: NotificationsDeps): InboxHandlers {
  async function ownEntry(notificationId: string, ctx: Parameters<InboxHandlers['getNotification']>[1]) {
    const caller = callerOf(ctx);
    const entry = await findInboxEntry(deps.db, notificationId, caller.sub, inboxOrganization(caller));
    if (!entry) throw notFound();
    return { caller, entry };
  }

  return {
    async listNotifications(request, ctx) {
      const caller = callerOf(ctx);
      const page = parsePageQuery(request, { sortable: ['createdAt'], defaultSort: { field: 'createdAt', direction: 'desc' } });
      const { rows, total } = await listInbox(deps.db, {
        recipientId: caller.sub,
        organizationId: inboxOrganization(caller),
        read: request.read,
        direction: page.sort.direction,
        skip: page.skip,
        take: page.take,
      });
      return pagedEnvelope(rows.map(toInboxNotification), total, page);
    },

    async getNotification(request, ctx) {
      const { notificationId } = validate(byId, request);
      return toInboxNotification((await ownEntry(notificationId, ctx)).entry);
    },

    async updateNotification(request, ctx) {
      const { notificationId, read } = validate(update, request);
      const { caller, entry } = await ownEntry(notificationId, ctx);
      if ((entry.readAt !== null) === read) return toInboxNotification(entry);
      return toInboxNotification(await setInboxRead(deps.db, notificationId, caller.sub, read ? deps.now() : null));
    },

    async deleteNotification(request, ctx) {
      const { notificationId } = validate(byId, request);
      const { caller } = await ownEntry(notificationId, ctx);
      await deleteInboxEntry(deps.db, notificationId, caller.sub, deps.now());
      return {};
    },
  };
}
