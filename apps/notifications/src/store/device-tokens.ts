import { isUniqueViolation } from '@platform/db';
import type { Db, NotificationsDb } from './db';

export interface DeviceRegistration {
  accountId: string;
  pushToken: string;
  platform: string;
  deviceName: string;
}

/**
 * Registers a device for an account. A token already registered (by the same or another account)
 * moves to this account and keeps its id: a token identifies one installation, which has one user.
 */
export async function registerDevice(db: NotificationsDb, device: DeviceRegistration) {
  const write = () =>
    db.deviceToken.upsert({
      where: { pushToken: device.pushToken },
      create: device,
      update: { accountId: device.accountId, platform: device.platform, deviceName: device.deviceName },
    });
  try {
    return await write();
  } catch (err) {
    // Two registrations of a new token raced; the second now finds the row.
    if (isUniqueViolation(err)) return write();
    throw err;
  }
}

/** Removes one of the account's devices; false when it has no such device. */
export async function unregisterDevice(db: Db, id: string, accountId: string): Promise<boolean> {
  const { count } = await db.deviceToken.deleteMany({ where: { id, accountId } });
  return count > 0;
}

/** Forgets tokens the push provider reports dead. */
export async function removeDevices(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { count } = await db.deviceToken.deleteMany({ where: { id: { in: ids } } });
  return count;
}
