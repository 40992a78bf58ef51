import { z } from 'zod';

/** Field rules shared by identity's RPCs. Lengths follow the platform's documented limits. */
export const email = z.string().trim().min(1, 'is required').max(254, 'must be at most 254 characters').email('must be a valid email address');
export const name = z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters');
/** A password being checked (not set): any non-empty string of sane length. */
export const presentedPassword = z.string().min(1, 'is required').max(1024, 'is too long');
export const optionalUuid = z.union([z.literal(''), z.string().uuid('must be a UUID')]);
export const uuid = z.string().uuid('must be a UUID');
/** A device id as a client sends it (optional). */
export const deviceId = z.string().max(128, 'must be at most 128 characters').regex(/^[\x20-\x7e]*$/, 'must be printable ASCII').optional();
/** An MFA code as typed: a TOTP code or a backup code. */
export const mfaCode = z.string().trim().min(1, 'is required').max(32, 'is too long');
