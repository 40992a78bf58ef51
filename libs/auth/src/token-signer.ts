import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { PlatformError } from '@platform/errors';
import type { AccessClaims, RefreshClaims } from './claims';
import { KeyRing, type KeySecrets, type TokenKey } from './token-keys';
import { VerifiedTokens } from './verified-tokens';

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;
export const SERVICE_TOKEN_SECONDS = 60;
/** The `aud` of every service token: the platform's services, never the gateway nor a client. */
export const SERVICE_AUDIENCE = 'platform-services';

export type AccessClaimsInput = Omit<AccessClaims, 'iat' | 'exp' | 'iss' | 'jti' | 'service'> & { jti?: string };

export interface TokenSignerOptions {
  issuer: string;
  /** User tokens (access and refresh): identity signs them; the gateway and every service verify them. */
  userKeys: KeySecrets;
  /**
   * Service tokens: the services sign and verify them. Left out where no service token may be made
   * or accepted (the gateway): every service token is then refused as a token of an unknown key.
   */
  serviceKeys?: KeySecrets;
  accessSeconds?: number;
  refreshSeconds?: number;
  now?: () => number;
  /**
   * How many verified tokens to remember until they expire (least recently used first out), so a
   * client's next request skips the decoding and the HMAC; 0 remembers none. Default 4096 (about
   * 1 KB each).
   */
  verifiedTokens?: number;
}

const VERIFIED_TOKENS = 4096;

type KeySet = 'user' | 'service';

/**
 * Signs and verifies platform JWTs: HS256 only, fixed issuer, expiry checked, a `kid` header on
 * every token. Two key sets never stand in for each other: a user token (access or refresh) is
 * verified only with the user keys and carries no `service`; a service token only with the service
 * keys, and carries `aud: platform-services`. A token's `kid` picks the key; an unknown one is
 * refused. A token without a `kid` (signed before key ids existed) is tried as a user token only.
 */
export class TokenSigner {
  readonly accessSeconds: number;
  readonly refreshSeconds: number;
  private readonly now: () => number;
  private readonly user: KeyRing;
  private readonly service?: KeyRing;
  private readonly verified: VerifiedTokens<KeySet>;

  constructor(private readonly options: TokenSignerOptions) {
    this.user = new KeyRing('JWT', options.userKeys);
    this.service = options.serviceKeys ? new KeyRing('Service JWT', options.serviceKeys) : undefined;
    if (this.service && this.user.overlaps(this.service)) {
      throw new Error('The service JWT secret must differ from the user JWT secret: a service could otherwise sign user tokens');
    }
    this.accessSeconds = options.accessSeconds ?? ACCESS_TOKEN_SECONDS;
    this.refreshSeconds = options.refreshSeconds ?? REFRESH_TOKEN_SECONDS;
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.verified = new VerifiedTokens(options.verifiedTokens ?? VERIFIED_TOKENS);
  }

  signAccess(input: AccessClaimsInput, seconds = this.accessSeconds): { token: string; claims: AccessClaims } {
    const iat = this.now();
    const claims = {
      ...input,
      jti: input.jti ?? randomUUID(),
      iat,
      exp: iat + seconds,
      iss: this.options.issuer,
    } as AccessClaims;
    return { token: sign(claims, this.user.signing), claims };
  }

  /** A short-lived token (60 s) that one service presents to another, signed with the service key. */
  signService(service: string): string {
    if (!this.service) throw new Error('This process has no service key: it cannot sign service tokens');
    const iat = this.now();
    const claims = {
      sub: `service:${service}`,
      userType: 'SYSTEM',
      sid: `service:${service}`,
      service,
      jti: randomUUID(),
      iat,
      exp: iat + SERVICE_TOKEN_SECONDS,
      iss: this.options.issuer,
      aud: SERVICE_AUDIENCE,
    };
    return sign(claims, this.service.signing);
  }

  signRefresh(input: { sub: string; sid: string; jti: string; expiresAt?: number }): string {
    const iat = this.now();
    const claims: RefreshClaims = {
      sub: input.sub,
      sid: input.sid,
      jti: input.jti,
      typ: 'refresh',
      iat,
      exp: input.expiresAt ?? iat + this.refreshSeconds,
      iss: this.options.issuer,
    };
    return sign(claims, this.user.signing);
  }

  /** A user's access token (what the gateway accepts); a service token is refused. */
  verifyAccess(token: string): AccessClaims {
    return userAccess(this.verify(token, ['user']).claims);
  }

  /** A service token (what an internal RPC accepts); a user token is refused. */
  verifyService(token: string): AccessClaims {
    return serviceAccess(this.verify(token, ['service']).claims);
  }

  /** The caller of a service's RPC: a user's access token or a service token, told apart by the key that signed it. */
  verifyCaller(token: string): AccessClaims {
    const { set, claims } = this.verify(token, ['user', 'service']);
    return set === 'service' ? serviceAccess(claims) : userAccess(claims);
  }

  verifyRefresh(token: string): RefreshClaims {
    const { claims } = this.verify(token, ['user']);
    if (claims['typ'] !== 'refresh' || typeof claims['jti'] !== 'string' || typeof claims['sid'] !== 'string') {
      throw PlatformError.unauthenticated('The refresh token is not valid');
    }
    return claims as unknown as RefreshClaims;
  }

  private verify(token: string, accepted: KeySet[]): { set: KeySet; claims: Record<string, unknown> } {
    const remembered = this.verified.get(token, this.now());
    if (remembered) {
      if (!accepted.includes(remembered.set)) throw invalid();
      return remembered as { set: KeySet; claims: Record<string, unknown> };
    }
    const { set, keys } = this.keysFor(token);
    if (!accepted.includes(set)) throw invalid();
    let failure: unknown;
    // Only a token without a kid has two candidate keys; a bad signature under one tries the next.
    for (const { key } of keys) {
      try {
        const decoded = jwt.verify(token, key, {
          algorithms: ['HS256'],
          issuer: this.options.issuer,
          clockTimestamp: this.now(),
          ...(set === 'service' ? { audience: SERVICE_AUDIENCE } : {}),
        });
        if (typeof decoded === 'string') throw invalid();
        // Frozen: the same claims answer every later request with this token.
        const verified = { set, claims: Object.freeze(decoded) as Record<string, unknown> };
        this.verified.remember(token, verified);
        return verified;
      } catch (err) {
        failure = err;
        if (!(err instanceof jwt.JsonWebTokenError && err.message === 'invalid signature')) break;
      }
    }
    throw failure instanceof jwt.TokenExpiredError ? PlatformError.unauthenticated('The token has expired') : invalid();
  }

  /** The key set and candidate keys of a token, from its `kid`. */
  private keysFor(token: string): { set: KeySet; keys: TokenKey[] } {
    const decoded = jwt.decode(token, { complete: true });
    if (!decoded || typeof decoded.header !== 'object') throw invalid();
    const kid = decoded.header.kid;
    // Tokens issued before key ids existed (access tokens for an hour, refresh tokens for 30 days
    // after the upgrade): tried with the user keys only, so such a token can never be a service's.
    if (kid === undefined) return { set: 'user', keys: this.user.keys };
    const userKey = this.user.find(kid);
    if (userKey) return { set: 'user', keys: [userKey] };
    const serviceKey = this.service?.find(kid);
    if (serviceKey) return { set: 'service', keys: [serviceKey] };
    throw invalid();
  }
}

function sign(claims: object, { kid, key }: TokenKey): string {
  return jwt.sign(claims, key, { algorithm: 'HS256', keyid: kid });
}

function invalid(): PlatformError {
  return PlatformError.unauthenticated('The token is not valid');
}

function userAccess(claims: Record<string, unknown>): AccessClaims {
  if (claims['typ'] === 'refresh' || typeof claims['sub'] !== 'string' || typeof claims['sid'] !== 'string') {
    throw PlatformError.unauthenticated('The access token is not valid');
  }
  // Whoever holds the user key must not be able to pass as a service.
  if (claims['service'] !== undefined) throw invalid();
  return claims as unknown as AccessClaims;
}

function serviceAccess(claims: Record<string, unknown>): AccessClaims {
  const service = claims['service'];
  if (typeof service !== 'string' || claims['sub'] !== `service:${service}` || typeof claims['sid'] !== 'string') {
    throw PlatformError.unauthenticated('The service token is not valid');
  }
  return claims as unknown as AccessClaims;
}
