import { z } from 'zod';
import { firstValue, type CallContext } from '@platform/grpc-server';
import { normaliseDeviceId } from '../domain/rotation-strategy';

// Field rules of identity's own RPCs (the common ones are in @platform/errors).

/** A password being checked (not set): any non-empty string of sane length. */
export const presentedPassword = z.string().min(1, 'is required').max(1024, 'is too long');
/** A device id as a client sends it (optional). */
export const deviceId = z
  .string()
  .max(128, 'must be at most 128 characters')
  .regex(/^[\x20-\x7e]*$/, 'must be printable ASCII')
  .optional();
/** An MFA code as typed: a TOTP code or a backup code. */
export const mfaCode = z.string().trim().min(1, 'is required').max(32, 'is too long');

/** The client device: the request's `deviceId`, else the `x-device-id` metadata (the gateway's X-Device-Id header). */
export function deviceIdOf(fromBody: string | undefined, ctx: CallContext): string | null {
  return normaliseDeviceId(fromBody) ?? normaliseDeviceId(firstValue(ctx.metadata, 'x-device-id'));
}
