import { type AccessClaims, type TokenSigner, authorize } from '@platform/auth';
import { PlatformError } from '@platform/errors';
import { GatewayErrorCode, ProblemError, dependencyUnavailableProblem } from '../http/problem';
import { isUuid, isUuidField } from '../protos/field-rules';
import type { Route } from '../routing/route-table';
import type { SessionDenylist } from './session-denylist';

export interface Authentication {
  caller?: AccessClaims;
  /** The raw bearer token, forwarded to the service. */
  token?: string;
}

/**
 * The gateway's half of the security model, before any service is called: verifies the bearer
 * token of every non-public route (signature, issuer, expiry), refuses revoked sessions, and
 * enforces the route's auth level and authority with the same `authorize` the services run,
 * scoped to the organisation named by the route's org path variable.
 * Public routes are not checked; a well-formed bearer token on them is passed on untouched.
 */
export class RequestAuthenticator {
  constructor(
    private readonly signer: TokenSigner,
    private readonly denylist: SessionDenylist,
  ) {}

  async authenticate(route: Route, authorization: string | undefined, params: Record<string, string>): Promise<Authentication> {
    const token = bearerToken(authorization);
    if (route.access.auth === 'public') return { token };
    if (!token) {
      throw authorization
        ? PlatformError.unauthenticated("The Authorization header must be 'Bearer <access token>'")
        : PlatformError.unauthenticated('This operation needs an access token');
    }
    const caller = this.signer.verifyAccess(token);
    let revoked: boolean;
    try {
      revoked = await this.denylist.isRevoked(caller);
    } catch {
      // Fail closed: without the denylist (Redis) a revoked session could pass.
      throw new ProblemError(dependencyUnavailableProblem('Sessions cannot be checked right now. Try again shortly.'));
    }
    if (revoked) {
      throw new ProblemError({
        status: 401,
        code: GatewayErrorCode.SESSION_REVOKED,
        detail: 'This session has been revoked. Sign in again.',
        headers: { 'WWW-Authenticate': 'Bearer' },
      });
    }
    authorize(caller, { auth: route.access.auth, authority: route.access.authority, organizationId: organizationOf(route, params) });
    return { caller, token };
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer +([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim()) : null;
  return match?.[1];
}

/**
 * The organisation the request is about. A malformed id in a UUID variable is left to the input
 * validation (400), which runs next and refuses it anyway.
 */
function organizationOf(route: Route, params: Record<string, string>): string | undefined {
  if (!route.orgParam) return undefined;
  const value = params[route.orgParam] ?? '';
  if (isUuidField(route.orgParam)) return isUuid(value) ? value.toLowerCase() : undefined;
  return value;
}
