import type { FieldViolation } from '@platform/errors';

/** FCM refuses these data keys (and any starting with `google` or `gcm`). */
const RESERVED_KEYS = new Set(['from', 'notification', 'message_type', 'collapse_key']);
/** FCM's data payload limit is 4 KB; the notification's own ids are added to it. */
export const MAX_DATA_BYTES = 3500;
export const MAX_TITLE_LENGTH = 200;
export const MAX_BODY_LENGTH = 2000;

/** Why a notification's `data` cannot travel to FCM, if it cannot. */
export function dataViolations(data: Record<string, unknown>): FieldViolation[] {
  const violations: FieldViolation[] = [];
  for (const key of Object.keys(data)) {
    const lower = key.toLowerCase();
    if (RESERVED_KEYS.has(lower) || lower.startsWith('google') || lower.startsWith('gcm')) {
      violations.push({ field: `data.${key}`, message: 'is a key reserved by the push provider' });
    }
  }
  if (Buffer.byteLength(JSON.stringify(data), 'utf8') > MAX_DATA_BYTES) {
    violations.push({ field: 'data', message: `must be at most ${MAX_DATA_BYTES} bytes as JSON` });
  }
  return violations;
}

/** FCM data is a map of strings: strings stay, anything else travels as JSON; our ids are added. */
export function fcmData(notificationId: string, organizationId: string, data: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    out[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  out['notificationId'] = notificationId;
  out['organizationId'] = organizationId;
  return out;
}

/** FCM error codes (firebase-admin) that mean the token is dead and should be forgotten. */
const DEAD_TOKEN_CODES = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token']);
/** Codes where the same batch may succeed later. */
const TRANSIENT_CODES = new Set([
  'messaging/internal-error',
  'messaging/server-unavailable',
  'messaging/unknown-error',
  'messaging/quota-exceeded',
  'messaging/message-rate-exceeded',
  'app/network-error',
  'app/network-timeout',
]);

export const isDeadTokenCode = (code: string | undefined): boolean => code !== undefined && DEAD_TOKEN_CODES.has(code);
export const isTransientPushCode = (code: string | undefined): boolean => code === undefined || TRANSIENT_CODES.has(code);

/**
 * Whether a batch failed as a whole (to be retried later): no message went through, none failed for
 * a dead token, and the failures are transient or all alike (a credential or project problem rather
 * than one token's).
 */
export function batchFailedAsAWhole(size: number, failures: Array<{ code?: string }>): boolean {
  if (size === 0 || failures.length < size || failures.some((f) => isDeadTokenCode(f.code))) return false;
  return failures.every((f) => isTransientPushCode(f.code)) || (size > 1 && new Set(failures.map((f) => f.code)).size === 1);
}
