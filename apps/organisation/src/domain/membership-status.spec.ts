import { MEMBERSHIP_STATUSES, statusOnAdd, transition } from './membership-status';

describe('membership status transitions (spec section 3)', () => {
  it('moves any status to INACTIVE when the member is removed', () => {
    for (const from of MEMBERSHIP_STATUSES) expect(transition(from, { kind: 'remove' }).to).toBe('INACTIVE');
  });

  it('moves any status to the status an admin sets', () => {
    for (const from of MEMBERSHIP_STATUSES) {
      for (const to of MEMBERSHIP_STATUSES) expect(transition(from, { kind: 'set-status', status: to }).to).toBe(to);
    }
  });

  it('reports no change when the status stays the same', () => {
    expect(transition('INACTIVE', { kind: 'remove' })).toMatchObject({ changed: false, ends: false, restarts: false });
    expect(transition('ACTIVE', { kind: 'set-status', status: 'ACTIVE' }).changed).toBe(false);
  });

  it('ends a running membership that becomes INACTIVE or REJECTED', () => {
    expect(transition('ACTIVE', { kind: 'remove' })).toMatchObject({ changed: true, ends: true, restarts: false });
    expect(transition('PENDING', { kind: 'set-status', status: 'REJECTED' }).ends).toBe(true);
    expect(transition('SUSPENDED', { kind: 'set-status', status: 'INACTIVE' }).ends).toBe(true);
    expect(transition('INACTIVE', { kind: 'set-status', status: 'REJECTED' }).ends).toBe(false);
  });

  it('restarts an ended membership that becomes running again', () => {
    expect(transition('INACTIVE', { kind: 'set-status', status: 'ACTIVE' })).toMatchObject({ restarts: true, ends: false });
    expect(transition('REJECTED', { kind: 'set-status', status: 'PENDING' }).restarts).toBe(true);
    expect(transition('SUSPENDED', { kind: 'set-status', status: 'ACTIVE' }).restarts).toBe(false);
  });

  it('adds a member ACTIVE, or PENDING when an invitation is sent', () => {
    expect(statusOnAdd(false)).toBe('ACTIVE');
    expect(statusOnAdd(true)).toBe('PENDING');
  });
});
