import { parseCommand } from './cli-args';

describe('operator command lines', () => {
  it('reads the dead-letter commands', () => {
    expect(parseCommand(['dead-letters', 'list'])).toEqual({ kind: 'dead-letters list', consumer: undefined });
    expect(parseCommand(['dead-letters', 'list', '--consumer', 'gateway-session-revocations'])).toEqual({
      kind: 'dead-letters list',
      consumer: 'gateway-session-revocations',
    });
    expect(parseCommand(['dead-letters', 'replay', '#12', '13'])).toEqual({ kind: 'dead-letters replay', sequences: [12, 13], consumer: undefined });
    expect(parseCommand(['dead-letters', 'replay', '--all', '--consumer', 'x'])).toEqual({ kind: 'dead-letters replay', sequences: 'all', consumer: 'x' });
    expect(parseCommand(['dead-letters', 'discard', '7'])).toEqual({ kind: 'dead-letters discard', sequences: [7] });
  });

  it('reads unlock with an email address', () => {
    expect(parseCommand(['unlock', 'Ann@Example.org'])).toEqual({ kind: 'unlock', email: 'Ann@Example.org' });
    expect(() => parseCommand(['unlock'])).toThrow(/unlock <email>/);
    expect(() => parseCommand(['unlock', 'not-an-address'])).toThrow(/unlock <email>/);
  });

  it('reads revoke-sessions with an email address', () => {
    expect(parseCommand(['revoke-sessions', 'Ann@Example.org'])).toEqual({ kind: 'revoke-sessions', email: 'Ann@Example.org' });
    expect(() => parseCommand(['revoke-sessions'])).toThrow(/revoke-sessions <email>/);
  });

  it('reads jobs, with --stale and its threshold', () => {
    expect(parseCommand(['jobs'])).toEqual({ kind: 'jobs' });
    expect(parseCommand(['jobs', '--stale'])).toEqual({ kind: 'jobs', staleAfterSeconds: 300 });
    expect(parseCommand(['jobs', '--stale', '--stale-after', '60'])).toEqual({ kind: 'jobs', staleAfterSeconds: 60 });
    expect(() => parseCommand(['jobs', '--stale', '--stale-after', '1m'])).toThrow(/a number of seconds/);
    expect(() => parseCommand(['jobs', '--stale-after', '60'])).toThrow(/goes with --stale/);
  });

  it('reads the outbox commands', () => {
    expect(parseCommand(['outbox', 'list', '--schema', 'identity'])).toEqual({ kind: 'outbox list', schema: 'identity' });
    expect(parseCommand(['outbox', 'lag'])).toEqual({ kind: 'outbox lag' });
    const id = '0b7c5a8e-1d1f-4a51-9f0e-6f2d8b9f5c11';
    expect(parseCommand(['outbox', 'replay', '--schema', 'organisation', '--id', id])).toEqual({ kind: 'outbox replay', schema: 'organisation', ids: [id] });
  });

  it('answers help, and refuses what it cannot run with a reason', () => {
    expect(parseCommand([])).toEqual({ kind: 'help' });
    expect(parseCommand(['--help'])).toEqual({ kind: 'help' });
    expect(() => parseCommand(['dead-letters', 'replay'])).toThrow(/by sequence/);
    expect(() => parseCommand(['dead-letters', 'replay', 'x'])).toThrow(/not a dead-letter sequence/);
    expect(() => parseCommand(['outbox', 'list'])).toThrow(/--schema/);
    expect(() => parseCommand(['outbox', 'list', '--schema', 'Bad;drop'])).toThrow(/--schema/);
    expect(() => parseCommand(['outbox', 'replay', '--schema', 'identity', '--id', 'nope'])).toThrow(/not a UUID/);
    expect(() => parseCommand(['revoke'])).toThrow(/unknown command/);
  });
});
