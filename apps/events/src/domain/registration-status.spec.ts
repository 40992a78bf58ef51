import { changeStatus, statusOnRegister } from './registration-status';

const capacity = (maxAttendees: number | null, confirmedCount: number, waitingListEnabled = false) => ({ maxAttendees, confirmedCount, waitingListEnabled });

describe('the registration state table', () => {
  it('confirms a new registration while a place is free, and without a limit always', () => {
    expect(statusOnRegister(capacity(2, 1))).toBe('CONFIRMED');
    expect(statusOnRegister(capacity(null, 10_000))).toBe('CONFIRMED');
  });

  it('puts a new registration on the waiting list at capacity when the event has one, else the event is full', () => {
    expect(statusOnRegister(capacity(2, 2, true))).toBe('WAITLISTED');
    expect(statusOnRegister(capacity(2, 2, false))).toBe('full');
  });

  it('lets an administrator confirm a WAITLISTED registration when a place opened, and refuses it beyond capacity (EVENT_FULL)', () => {
    expect(changeStatus('WAITLISTED', 'CONFIRMED', capacity(2, 1))).toMatchObject({ to: 'CONFIRMED', takesPlace: true, changed: true });
    expect(() => changeStatus('WAITLISTED', 'CONFIRMED', capacity(2, 2, true))).toThrow(expect.objectContaining({ code: 'EVENT_FULL' }));
  });

  it('frees a place when a CONFIRMED registration moves to another status', () => {
    expect(changeStatus('CONFIRMED', 'CANCELLED', capacity(2, 2))).toMatchObject({ freesPlace: true });
    expect(changeStatus('CONFIRMED', 'WAITLISTED', capacity(2, 2))).toMatchObject({ freesPlace: true });
    expect(changeStatus('PENDING', 'CANCELLED', capacity(2, 2))).toMatchObject({ freesPlace: false });
  });

  it('treats the same status as no change, and lets an administrator reopen a CANCELLED registration (any → the given status)', () => {
    expect(changeStatus('CONFIRMED', 'CONFIRMED', capacity(1, 1))).toMatchObject({ changed: false });
    expect(changeStatus('CANCELLED', 'PENDING', capacity(1, 1))).toMatchObject({ to: 'PENDING', takesPlace: false, freesPlace: false, changed: true });
    expect(changeStatus('CANCELLED', 'WAITLISTED', capacity(1, 1))).toMatchObject({ to: 'WAITLISTED', changed: true });
    expect(() => changeStatus('CANCELLED', 'CONFIRMED', capacity(1, 1))).toThrow(expect.objectContaining({ code: 'EVENT_FULL' }));
    expect(changeStatus('CANCELLED', 'CONFIRMED', capacity(1, 0))).toMatchObject({ takesPlace: true });
  });
});
