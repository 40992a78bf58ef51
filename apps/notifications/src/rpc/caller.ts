import type { AccessClaims } from '@platform/auth';
import type { CallContext } from '@platform/grpc-server';

/** The verified caller (every route here needs a token, so there always is one). */
export function callerOf(ctx: CallContext): AccessClaims {
  if (!ctx.caller) throw new Error('a user route ran without a caller');
  return ctx.caller;
}

/** The organisation an inbox read is scoped to: the token's (system users have none: all of theirs). */
export const inboxOrganisation = (caller: AccessClaims): string | undefined => (caller.userType === 'SYSTEM' ? undefined : caller.organizationId);
