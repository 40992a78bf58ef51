import { backoffDelay, type BackoffOptions } from '../backoff';

/** Thrown around an error of the handler itself, as opposed to one of the transaction around it. */
export class HandlerFailure extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'HandlerFailure';
  }
}

export type FailureAction = { kind: 'retry'; delayMs: number } | { kind: 'terminate' };

/**
 * What to do with a message whose processing failed. A handler that failed on the maxDeliver-th
 * delivery gives up on the message. A failure outside the handler (database unreachable, commit
 * failed) says nothing about the message, so it is retried without limit, with backoff.
 */
export function failureAction(error: unknown, deliveryCount: number, maxDeliver: number, retry: BackoffOptions): FailureAction {
  if (error instanceof HandlerFailure && deliveryCount >= maxDeliver) return { kind: 'terminate' };
  return { kind: 'retry', delayMs: backoffDelay(deliveryCount, retry) };
}
