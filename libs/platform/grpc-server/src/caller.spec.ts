import type { AccessClaims } from '@platform/auth';
import { callerId, callerOf } from './caller';

describe('the caller of a route that needs a token', () => {
  const caller = { sub: 'account-1', userType: 'ORGANIZATION', sid: 's', jti: 'j', iat: 0, exp: 0, iss: 'test' } satisfies AccessClaims;

  it('is the verified token', () => {
    expect(callerOf({ caller })).toBe(caller);
    expect(callerId({ caller })).toBe('account-1');
  });

  it('is a programming error when missing', () => {
    expect(() => callerOf({})).toThrow('ran without a caller');
  });
});
