import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { PlatformError } from '@platform/errors';
import type { AccessClaims, RefreshClaims } from './claims';

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;
export const SERVICE_TOKEN_SECONDS = 60;

export type AccessClaimsInput = Omit<AccessClaims, 'iat' | 'exp' | 'iss' | 'jti'> & { jti?: string };

export interface TokenSignerOptions {
  secret: string;
  issuer: string;
  accessSeconds?: number;
  refreshSeconds?: number;
  now?: () => number;
}

/** Signs and verifies platform JWTs: HS256 only, fixed issuer, expiry checked. */
export class TokenSigner {
  readonly accessSeconds: number;
  readonly refreshSeconds: number;
  private readonly now: () => number;
  /**
   * The secret as a KeyObject, made once: given a string, jsonwebtoken first tries (and fails) to
   * parse it as a public key on every call, which cost a quarter of the gateway's CPU.
   */
  private readonly key: KeyObject;

  constructor(private readonly options: TokenSignerOptions) {
    if (options.secret.length < 32) throw new Error('JWT secret must be at least 32 characters');
    this.key = createSecretKey(Buffer.from(options.secret, 'utf8'));
    this.accessSeconds = options.accessSeconds ?? ACCESS_TOKEN_SECONDS;
    this.refreshSeconds = options.refreshSeconds ?? REFRESH_TOKEN_SECONDS;
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
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
    return { token: jwt.sign(claims, this.key, { algorithm: 'HS256' }), claims };
  }

  /** A short-lived token (60 s) that one service presents to another. */
  signService(service: string): string {
    return this.signAccess({ sub: `service:${service}`, userType: 'SYSTEM', sid: `service:${service}`, service }, SERVICE_TOKEN_SECONDS).token;
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
    return jwt.sign(claims, this.key, { algorithm: 'HS256' });
  }

  verifyAccess(token: string): AccessClaims {
    const claims = this.verify(token);
    if (claims['typ'] === 'refresh' || typeof claims['sub'] !== 'string' || typeof claims['sid'] !== 'string') {
      throw PlatformError.unauthenticated('The access token is not valid');
    }
    return claims as unknown as AccessClaims;
  }

  verifyRefresh(token: string): RefreshClaims {
    const claims = this.verify(token);
    if (claims['typ'] !== 'refresh' || typeof claims['jti'] !== 'string' || typeof claims['sid'] !== 'string') {
      throw PlatformError.unauthenticated('The refresh token is not valid');
    }
    return claims as unknown as RefreshClaims;
  }

  private verify(token: string): Record<string, unknown> {
    try {
      const decoded = jwt.verify(token, this.key, {
        algorithms: ['HS256'],
        issuer: this.options.issuer,
        clockTimestamp: this.now(),
      });
      if (typeof decoded === 'string') throw new Error('unexpected payload');
      return decoded as Record<string, unknown>;
    } catch (err) {
      const expired = err instanceof jwt.TokenExpiredError;
      throw PlatformError.unauthenticated(expired ? 'The token has expired' : 'The token is not valid');
    }
  }
}
