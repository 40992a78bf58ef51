import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The key that signs download URLs, derived from the platform's SECRETS_KEY (HKDF-SHA256 with its
 * own label), so there is no further secret to manage and it changes when that key is rotated.
 */
export function urlSigningKey(secretsKeyHex: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secretsKeyHex, 'hex'), Buffer.alloc(0), 'platform.documents.storage-url.v1', 32));
}

/** HMAC-SHA256 over the storage path and the expiry (Unix seconds), base64url. */
export function signStoragePath(key: Buffer, path: string, expires: number): string {
  return createHmac('sha256', key).update(`${path}\n${expires}`).digest('base64url');
}

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

/** Checks a signed URL's parameters in constant time; an expired URL is refused even when well signed. */
export function checkSignature(key: Buffer, path: string, expires: number, signature: string, nowSeconds: number): SignatureCheck {
  if (!Number.isSafeInteger(expires) || expires <= 0 || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return 'invalid';
  const expected = Buffer.from(signStoragePath(key, path, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expires < nowSeconds ? 'expired' : 'valid';
}

/** `/api/storage/<path>?expires=…&signature=…` valid for `ttlSeconds` from now. */
export function signedStorageUrl(key: Buffer, path: string, ttlSeconds: number, nowMs: number): { url: string; expiresAt: Date } {
  const expires = Math.floor(nowMs / 1000) + ttlSeconds;
  return { url: `/api/storage/${path}?expires=${expires}&signature=${signStoragePath(key, path, expires)}`, expiresAt: new Date(expires * 1000) };
}
