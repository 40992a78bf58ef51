import { membershipChangeEndsSessions } from './membership-sessions';

const change = (status: string, previousStatus: string, role = 'MEMBER', previousRole = 'MEMBER') => ({ status, previousStatus, role, previousRole });

describe('which membership changes end sessions', () => {
  it('ends them when the membership is suspended, removed, rejected or back to pending', () => {
    for (const status of ['SUSPENDED', 'INACTIVE', 'REJECTED', 'PENDING']) {
      expect(membershipChangeEndsSessions(change(status, 'ACTIVE'))).toBe(true);
    }
  });

  it('ends them when an active membership changes role', () => {
    expect(membershipChangeEndsSessions(change('ACTIVE', 'ACTIVE', 'MEMBER', 'ADMIN'))).toBe(true);
  });

  it('keeps them when nothing that matters changed, or a membership becomes active', () => {
    expect(membershipChangeEndsSessions(change('ACTIVE', 'ACTIVE'))).toBe(false);
    expect(membershipChangeEndsSessions(change('ACTIVE', '', 'MEMBER', ''))).toBe(false);
    expect(membershipChangeEndsSessions(change('ACTIVE', 'PENDING'))).toBe(false);
  });
});
