import { createHash, createSecretKey, type KeyObject } from 'node:crypto';

/** The secrets of one key set (user tokens, or service tokens). */
export interface KeySecrets {
  /** Signs new tokens, and verifies them. */
  secret: string;
  /**
   * A second key that verifies but never signs: during a rotation, the next key before the switch,
   * then the previous one until its tokens have expired (docs/operations.md, "Rotating the JWT keys").
   */
  accepted?: string;
}

/** One HS256 key and its id (the `kid` header of the tokens it signs). */
export interface TokenKey {
  kid: string;
  key: KeyObject;
}

export const MIN_SECRET_LENGTH = 32;

/**
 * The key id of a secret: a truncated SHA-256 of it, so every replica derives the same id from the
 * same secret, one id never names two keys, and a rotation needs no id to be configured.
 * The digest reveals nothing a token's own HMAC does not already let an attacker test against.
 */
export function keyIdOf(secret: string): string {
  return createHash('sha256').update('platform-jwt-kid\0').update(secret, 'utf8').digest('base64url').slice(0, 16);
}

/** The keys of one set: the one that signs, and every key that verifies, by id. */
export class KeyRing {
  readonly signing: TokenKey;
  /** Every verifying key, the signing one first. */
  readonly keys: TokenKey[];

  constructor(
    readonly name: string,
    secrets: KeySecrets,
  ) {
    const all = secrets.accepted && secrets.accepted !== secrets.secret ? [secrets.secret, secrets.accepted] : [secrets.secret];
    for (const secret of all) {
      if (secret.length < MIN_SECRET_LENGTH) throw new Error(`${name} secret must be at least ${MIN_SECRET_LENGTH} characters`);
    }
    // The KeyObject is made once: given a string, jsonwebtoken first tries (and fails) to parse it
    // as a public key on every call, which cost a quarter of the gateway's CPU.
    const [signing, ...others] = all.map((secret) => ({ kid: keyIdOf(secret), key: createSecretKey(Buffer.from(secret, 'utf8')) }));
    if (!signing) throw new Error(`${name} secret is missing`);
    this.signing = signing;
    this.keys = [signing, ...others];
  }

  find(kid: string): TokenKey | undefined {
    return this.keys.find((k) => k.kid === kid);
  }

  /** Whether the two rings share a key (the same secret configured for users and services). */
  overlaps(other: KeyRing): boolean {
    return this.keys.some((k) => other.find(k.kid) !== undefined);
  }
}
