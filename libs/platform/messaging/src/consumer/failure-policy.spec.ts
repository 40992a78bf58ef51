import { failureAction, HandlerFailure } from './failure-policy';

const retry = { baseMs: 1000, maxMs: 30_000 };

describe('failureAction', () => {
  it('retries a failed handler with a growing delay', () => {
    const failure = new HandlerFailure(new Error('boom'));
    expect(failureAction(failure, 1, 5, retry)).toEqual({ kind: 'retry', delayMs: 1000 });
    expect(failureAction(failure, 3, 5, retry)).toEqual({ kind: 'retry', delayMs: 4000 });
  });

  it('gives up when the handler failed on the last allowed delivery', () => {
    expect(failureAction(new HandlerFailure('boom'), 5, 5, retry)).toEqual({ kind: 'terminate' });
  });

  it('never gives up because of a failure outside the handler', () => {
    expect(failureAction(new Error('connection refused'), 50, 5, retry)).toEqual({ kind: 'retry', delayMs: 30_000 });
  });

  it('keeps the handler error as the cause', () => {
    const cause = new Error('boom');
    expect(new HandlerFailure(cause).cause).toBe(cause);
    expect(new HandlerFailure(cause).message).toBe('boom');
  });
});
