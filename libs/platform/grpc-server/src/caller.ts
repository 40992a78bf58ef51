import type { AccessClaims } from '@platform/auth';
import type { CallContext } from './call-context';

/**
 * The verified caller of an RPC whose access rule requires a token. Reaching a handler without one
 * is a wiring mistake (a route marked public by error), not a client error.
 */
export function callerOf(ctx: Pick<CallContext, 'caller'>): AccessClaims {
  if (!ctx.caller) throw new Error('a route that needs a token ran without a caller');
  return ctx.caller;
}

/** The caller's account id (see {@link callerOf}). */
export const callerId = (ctx: Pick<CallContext, 'caller'>): string => callerOf(ctx).sub;
