import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/** Tokens are kept only as their SHA-256 (they are long and random, so no salt is needed). */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A keyed hash (HMAC-SHA-256): for short secrets, which a plain hash would not protect offline. */
export const keyedHash = (key: Buffer, value: string): string => createHmac('sha256', key).update(value).digest('hex');

/** A key for one purpose derived from the service's secrets key, so purposes never share a key. */
export const deriveKey = (hexKey: string, purpose: string): Buffer => createHmac('sha256', Buffer.from(hexKey, 'hex')).update(purpose).digest();

/** A random URL-safe token of 32 bytes. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** A uniformly random string of decimal digits (leading zeros kept). */
export const randomDigits = (length: number): string => Array.from({ length }, () => String(randomInt(0, 10))).join('');

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
