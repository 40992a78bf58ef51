import { ErrorCode, PlatformError } from '@platform/errors';
import { assertMayJoin, limitFromSettings } from './membership-limit';

function refusal(run: () => void): PlatformError | undefined {
  try {
    run();
    return undefined;
  } catch (err) {
    if (err instanceof PlatformError) return err;
    throw err;
  }
}

describe('maxOrganisationsPerUser', () => {
  it('lets an account below the limit join one more organisation', () => {
    expect(refusal(() => assertMayJoin(3, 0))).toBeUndefined();
    expect(refusal(() => assertMayJoin(3, 2))).toBeUndefined();
  });

  it('refuses a membership beyond the limit with CONFLICT (409) naming the limit', () => {
    expect(refusal(() => assertMayJoin(3, 3))).toMatchObject({
      code: ErrorCode.CONFLICT,
      message: 'The user already belongs to the maximum of 3 organisations',
    });
    expect(refusal(() => assertMayJoin(1, 5))?.message).toBe('The user already belongs to the maximum of 1 organisations');
  });

  it('allows everything while no limit is known', () => {
    expect(refusal(() => assertMayJoin(undefined, 10_000))).toBeUndefined();
  });

  it('reads the limit from the settings: a positive integer, else none', () => {
    expect(limitFromSettings(10)).toBe(10);
    expect(limitFromSettings(undefined)).toBeUndefined();
    expect(limitFromSettings(0)).toBeUndefined();
    expect(limitFromSettings(-1)).toBeUndefined();
    expect(limitFromSettings(2.5)).toBeUndefined();
  });
});
