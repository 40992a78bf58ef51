import { extendedExpiry, normaliseDeviceId, refreshModeOf, sessionsEndedByLogin, type LiveSession } from './rotation-strategy';

const session = (id: string, deviceId: string | null, minute: number): LiveSession => ({ id, deviceId, createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)) });

describe('token rotation strategies', () => {
  const live = [session('c', 'phone', 3), session('a', 'laptop', 1), session('b', 'phone', 2), session('d', null, 4)];

  it('rotate the refresh token on every use, except UPDATE_EXISTING which extends it', () => {
    expect(refreshModeOf('CREATE_NEW')).toBe('rotate');
    expect(refreshModeOf('LIMIT_PER_DEVICE')).toBe('rotate');
    expect(refreshModeOf('LIMIT_TOTAL')).toBe('rotate');
    expect(refreshModeOf('UPDATE_EXISTING')).toBe('extend');
  });

  it('CREATE_NEW and UPDATE_EXISTING end no session at login', () => {
    expect(sessionsEndedByLogin('CREATE_NEW', live, { deviceId: 'phone', limit: 1 }).sessionIds).toEqual([]);
    expect(sessionsEndedByLogin('UPDATE_EXISTING', live, { deviceId: 'phone', limit: 1 }).sessionIds).toEqual([]);
  });

  it('LIMIT_PER_DEVICE ends the sessions of the same device, and only those', () => {
    expect(sessionsEndedByLogin('LIMIT_PER_DEVICE', live, { deviceId: 'phone', limit: 5 })).toEqual({ sessionIds: ['c', 'b'], reason: 'DEVICE_REPLACED' });
    expect(sessionsEndedByLogin('LIMIT_PER_DEVICE', live, { deviceId: 'tablet', limit: 5 }).sessionIds).toEqual([]);
  });

  it('LIMIT_PER_DEVICE lets logins without a device id share one slot', () => {
    expect(sessionsEndedByLogin('LIMIT_PER_DEVICE', live, { deviceId: null, limit: 5 }).sessionIds).toEqual(['d']);
  });

  it('LIMIT_TOTAL ends the oldest sessions so that the user holds at most the limit', () => {
    expect(sessionsEndedByLogin('LIMIT_TOTAL', live, { deviceId: null, limit: 5 }).sessionIds).toEqual([]);
    expect(sessionsEndedByLogin('LIMIT_TOTAL', live, { deviceId: null, limit: 4 })).toEqual({ sessionIds: ['a'], reason: 'SESSION_LIMIT' });
    expect(sessionsEndedByLogin('LIMIT_TOTAL', live, { deviceId: null, limit: 2 }).sessionIds).toEqual(['a', 'b', 'c']);
    expect(sessionsEndedByLogin('LIMIT_TOTAL', live, { deviceId: null, limit: 1 }).sessionIds).toEqual(['a', 'b', 'c', 'd']);
  });

  it('an extended token expires a full lifetime from now, and always after the one it replaces', () => {
    expect(extendedExpiry(1000, 30, 900)).toBe(1030);
    expect(extendedExpiry(1000, 30, 1030)).toBe(1031);
  });

  it('reads an empty device id as none', () => {
    expect(normaliseDeviceId('  ')).toBeNull();
    expect(normaliseDeviceId(undefined)).toBeNull();
    expect(normaliseDeviceId(' phone-1 ')).toBe('phone-1');
  });
});
