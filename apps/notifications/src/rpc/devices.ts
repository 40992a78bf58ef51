import { z } from 'zod';
import { PlatformError, uuid, validate } from '@platform/errors';
import { callerOf, type AsyncService } from '@platform/grpc-server';
import type { notificationsV1 } from '@platform/proto';
import type { NotificationsDeps } from '../deps';
import { registerDevice, unregisterDevice } from '../store/device-tokens';
import { toDeviceToken } from './mappers';

export const PLATFORMS = ['ANDROID', 'IOS', 'WEB'] as const;

const register = z.object({
  pushToken: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(4096, 'must be at most 4096 characters')
    .regex(/^[\x21-\x7e]*$/, 'must be printable ASCII without spaces'),
  platform: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(PLATFORMS, { error: `must be one of ${PLATFORMS.join(', ')}` })),
  deviceName: z.string().trim().max(100, 'must be at most 100 characters'),
});
const unregister = z.object({ tokenId: uuid });

/** Device tokens for push: register (a known token moves to the caller), unregister (the caller's own only). */
export function deviceHandlers(deps: NotificationsDeps): Pick<AsyncService<notificationsV1.NotificationsServiceServer>, 'registerDevice' | 'unregisterDevice'> {
  return {
    async registerDevice(request, ctx) {
      const caller = callerOf(ctx);
      const device = validate(register, request);
      return toDeviceToken(await registerDevice(deps.db, { accountId: caller.sub, ...device }));
    },

    async unregisterDevice(request, ctx) {
      const caller = callerOf(ctx);
      const { tokenId } = validate(unregister, request);
      if (!(await unregisterDevice(deps.db, tokenId, caller.sub))) throw PlatformError.notFound('Device token');
      return {};
    },
  };
}
