import { failureAction, HandlerFailure, PoisonMessage } from './failure-policy';

const retry = { baseMs: 1000, maxMs: 30_000 };

describe('failureAction', () => {
  it('retries a failed handler with a growing delay, capped', () => {
    const failure = new HandlerFailure(new Error('boom'));
    expect(failureAction(failure, 1, retry)).toEqual({ kind: 'retry', delayMs: 1000 });
    expect(failureAction(failure, 3, retry)).toEqual({ kind: 'retry', delayMs: 4000 });
    expect(failureAction(failure, 500, retry)).toEqual({ kind: 'retry', delayMs: 30_000 });
  });

  it('never gives up because of an outage, in the handler or around it', () => {
    expect(failureAction(new Error('connection refused'), 50, retry)).toEqual({ kind: 'retry', delayMs: 30_000 });
    expect(failureAction(new HandlerFailure(new Error('Connection is closed.')), 1000, retry)).toEqual({ kind: 'retry', delayMs: 30_000 });
  });

  it('sets a poison message aside at once, with its reason', () => {
    expect(failureAction(new HandlerFailure(new PoisonMessage('does not decode as SessionRevoked')), 1, retry)).toEqual({
      kind: 'dead-letter',
      reason: 'does not decode as SessionRevoked',
    });
    expect(failureAction(new PoisonMessage('bad'), 1, retry)).toEqual({ kind: 'dead-letter', reason: 'bad' });
  });

  it('treats a validation failure of the handler as poison', () => {
    const invalid = Object.assign(new Error('email: is not an email address'), { code: 'VALIDATION_FAILED' });
    expect(failureAction(new HandlerFailure(invalid), 1, retry)).toEqual({ kind: 'dead-letter', reason: 'validation failed: email: is not an email address' });
    expect(failureAction(new HandlerFailure(Object.assign(new Error('x'), { code: 'NOT_FOUND' })), 1, retry).kind).toBe('retry');
  });

  it('keeps the handler error as the cause', () => {
    const cause = new Error('boom');
    expect(new HandlerFailure(cause).cause).toBe(cause);
    expect(new HandlerFailure(cause).message).toBe('boom');
  });
});
