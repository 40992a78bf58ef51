import { batchFailedAsAWhole, dataViolations, fcmData, isDeadTokenCode, isTransientPushCode } from './push-message';

describe('push messages', () => {
  it('sends data as strings, with the notification and organisation ids', () => {
    expect(fcmData('n1', 'o1', { type: 'EVENT', eventId: 'e1', seats: 3, tags: ['a'], none: null })).toEqual({
      type: 'EVENT',
      eventId: 'e1',
      seats: '3',
      tags: '["a"]',
      notificationId: 'n1',
      organizationId: 'o1',
    });
  });

  it('refuses keys FCM reserves and data over the size limit', () => {
    expect(dataViolations({ from: 'x', google_id: 'y', gcmThing: 'z', ok: 1 }).map((v) => v.field)).toEqual(['data.from', 'data.google_id', 'data.gcmThing']);
    expect(dataViolations({ blob: 'x'.repeat(4000) })).toEqual([{ field: 'data', message: 'must be at most 3500 bytes as JSON' }]);
  });

  it('knows which errors mean a dead token and which a passing problem', () => {
    expect(isDeadTokenCode('messaging/registration-token-not-registered')).toBe(true);
    expect(isDeadTokenCode('messaging/invalid-registration-token')).toBe(true);
    expect(isDeadTokenCode('messaging/internal-error')).toBe(false);
    expect(isTransientPushCode('messaging/server-unavailable')).toBe(true);
    expect(isTransientPushCode('messaging/invalid-argument')).toBe(false);
  });

  it('retries a batch only when it failed as a whole for a reason that is not one token’s', () => {
    const internal = { code: 'messaging/internal-error' };
    const invalid = { code: 'messaging/invalid-argument' };
    const dead = { code: 'messaging/registration-token-not-registered' };
    expect(batchFailedAsAWhole(3, [internal, internal, internal])).toBe(true);
    expect(batchFailedAsAWhole(3, [invalid, invalid, invalid])).toBe(true);
    expect(batchFailedAsAWhole(3, [internal, internal])).toBe(false);
    expect(batchFailedAsAWhole(3, [internal, dead, internal])).toBe(false);
    expect(batchFailedAsAWhole(2, [invalid, { code: 'messaging/mismatched-credential' }])).toBe(false);
    expect(batchFailedAsAWhole(1, [invalid])).toBe(false);
  });
});
