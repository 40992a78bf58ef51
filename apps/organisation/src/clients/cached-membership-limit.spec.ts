import type { Logger } from '@platform/telemetry';
import { cachedMembershipLimit } from './cached-membership-limit';

function setup(ttlMs = 5_000) {
  let clock = 1_000_000;
  const answers: Array<number | undefined | Error> = [];
  const read = jest.fn(async () => {
    const next = answers.shift();
    if (next instanceof Error) throw next;
    return { maxOrganisationsPerUser: next };
  });
  const warn = jest.fn();
  const policy = cachedMembershipLimit({ read, ttlMs, now: () => clock, logger: { warn } as unknown as Logger });
  return {
    policy,
    read,
    warn,
    answer: (...values: Array<number | undefined | Error>) => answers.push(...values),
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('the cached maxOrganisationsPerUser', () => {
  it('asks identity once, then reuses the value for the time to live', async () => {
    const t = setup();
    t.answer(10, 3);
    expect(await t.policy.current()).toBe(10);
    t.advance(4_999);
    expect(await t.policy.current()).toBe(10);
    expect(t.read).toHaveBeenCalledTimes(1);
    t.advance(1);
    expect(await t.policy.current()).toBe(3);
    expect(t.read).toHaveBeenCalledTimes(2);
  });

  it('asks every time with a time to live of 0', async () => {
    const t = setup(0);
    t.answer(10, 4);
    expect(await t.policy.current()).toBe(10);
    expect(await t.policy.current()).toBe(4);
  });

  it('answers no limit when the settings carry none', async () => {
    const t = setup();
    t.answer(undefined);
    expect(await t.policy.current()).toBeUndefined();
  });

  it('keeps the last value read while identity cannot answer', async () => {
    const t = setup();
    t.answer(7, new Error('14 UNAVAILABLE'), 8);
    expect(await t.policy.current()).toBe(7);
    t.advance(10_000);
    expect(await t.policy.current()).toBe(7);
    expect(t.warn).toHaveBeenCalledTimes(1);
    expect(await t.policy.current()).toBe(8);
  });

  it('fails (rather than waive the limit) when identity has never answered', async () => {
    const t = setup();
    t.answer(new Error('14 UNAVAILABLE'));
    await expect(t.policy.current()).rejects.toThrow('UNAVAILABLE');
  });
});
