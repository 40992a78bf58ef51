import { z } from 'zod';
import { uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import { importBatch } from '@platform/imports';
import type { notificationsV1 } from '@platform/proto';
import { importNotifications } from '../app/import-notifications';
import type { NotificationsDeps } from '../deps';

const importer = z.object({ organizationId: uuid, importedBy: uuid });

/** The connector's import (internal RPC: the kit lets only service tokens through). */
export function upsertNotificationsHandlers(deps: NotificationsDeps): Pick<AsyncService<notificationsV1.NotificationsServiceServer>, 'upsertNotifications'> {
  return {
    async upsertNotifications(request, ctx) {
      const { organizationId, importedBy } = validate(importer, request);
      return importBatch('notifications', request.notifications, { logger: ctx.logger, context: { organizationId } }, () =>
        importNotifications(deps, organizationId, importedBy, request.notifications),
      );
    },
  };
}
