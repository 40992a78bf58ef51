import { type MemberRequest, callAsMember } from '../legacy-context';
import { LegacyError } from '../legacy-error';
import { trimmedParam } from '../legacy-params';

const PLATFORMS: Record<string, string> = { android: 'ANDROID', ios: 'IOS', web: 'WEB' };

/** The push token the old app sends with `device_token` and `device_platform` (default android, as the site took it). */
export function deviceOf(params: Record<string, unknown>): { pushToken: string; platform: string } | undefined {
  const pushToken = trimmedParam(params, 'device_token');
  const named = trimmedParam(params, 'device_platform')?.toLowerCase();
  const platform = PLATFORMS[named ?? 'android'];
  if (!platform) throw LegacyError.invalidParam('device_platform', `device_platform is not one of ${Object.keys(PLATFORMS).join(', ')}.`);
  return pushToken ? { pushToken, platform } : undefined;
}

/** Registers the old app's device for the platform's push notifications (POST /api/notifications/devices), as the caller. */
export async function registerDevice(ctx: MemberRequest, device: { pushToken: string; platform: string }): Promise<void> {
  await callAsMember(ctx, { method: 'POST', path: '/api/notifications/devices', body: { ...device, deviceName: 'Old mobile app' } });
}
