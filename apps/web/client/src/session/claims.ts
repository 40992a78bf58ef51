/** The access token's claims the app reads (spec: "Access token claims"). */
export interface Claims {
  sub: string;
  email?: string;
  username?: string;
  userType: 'ORGANIZATION' | 'SYSTEM';
  organizationId?: string;
  organizationRole?: string;
  systemRole?: string;
  exp: number;
}

/**
 * The claims of a JWT, read without verifying it: the gateway verifies every request; the app only
 * needs to know whom it signed in as, where, and when the token runs out. Undefined when unreadable.
 */
export function readClaims(token: string): Claims | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Partial<Claims>;
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return undefined;
    if (claims.userType !== 'ORGANIZATION' && claims.userType !== 'SYSTEM') return undefined;
    return claims as Claims;
  } catch {
    return undefined;
  }
}
