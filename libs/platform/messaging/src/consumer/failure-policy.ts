import { backoffDelay, type BackoffOptions } from '../backoff';

/** Thrown around an error of the handler itself, as opposed to one of the transaction around it. */
export class HandlerFailure extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'HandlerFailure';
  }
}

/**
 * A message that can never be handled, however often it is tried: it does not decode, or its
 * content fails validation. Throw it from a handler to set the message aside as a dead letter.
 */
export class PoisonMessage extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'PoisonMessage';
  }
}

export type FailureAction = { kind: 'retry'; delayMs: number } | { kind: 'dead-letter'; reason: string };

/**
 * What to do with a message whose processing failed. A poison message (PoisonMessage, or a platform
 * VALIDATION_FAILED error from the handler) is set aside at once. Anything else — a database, Redis or
 * service outage, a bug that a release will fix — says nothing certain about the message, so it is
 * retried without limit with a capped, growing delay: an outage of any length loses nothing.
 */
export function failureAction(error: unknown, deliveryCount: number, retry: BackoffOptions): FailureAction {
  const poison = poisonReason(error);
  if (poison !== undefined) return { kind: 'dead-letter', reason: poison };
  return { kind: 'retry', delayMs: backoffDelay(deliveryCount, retry) };
}

function poisonReason(error: unknown): string | undefined {
  const cause = error instanceof HandlerFailure ? error.cause : error;
  if (cause instanceof PoisonMessage) return cause.message;
  // A PlatformError (libs/platform/errors) of the handler's own validation, without depending on it.
  if (cause instanceof Error && (cause as { code?: unknown }).code === 'VALIDATION_FAILED') return `validation failed: ${cause.message}`;
  return undefined;
}
