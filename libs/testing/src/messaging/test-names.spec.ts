import { createTestMessaging, testNatsUrl } from './test-names';

describe('createTestMessaging', () => {
  it('gives each suite its own stream and subject prefix', () => {
    const a = createTestMessaging('Member list');
    const b = createTestMessaging('Member list');

    expect(a.names.stream).toMatch(/^T_memberlist[0-9a-f]{8}$/);
    expect(a.names.subjectPrefix).toBe(`t${a.names.stream.slice(2)}`);
    expect(a.names.subject('identity.user.registered')).toBe(`${a.names.subjectPrefix}.identity.user.registered`);
    expect(b.names.stream).not.toBe(a.names.stream);
  });

  it('hands the same names to a service process through its environment', () => {
    const messaging = createTestMessaging('gateway', 'nats://example:4222');
    expect(messaging.env).toEqual({
      STREAM_NAME: messaging.names.stream,
      SUBJECT_PREFIX: messaging.names.subjectPrefix,
      NATS_URL: 'nats://example:4222',
    });
  });

  it('uses TEST_NATS_URL, then NATS_URL, then the local server', () => {
    expect(testNatsUrl({ TEST_NATS_URL: 'nats://t:1', NATS_URL: 'nats://n:2' })).toBe('nats://t:1');
    expect(testNatsUrl({ NATS_URL: 'nats://n:2' })).toBe('nats://n:2');
    expect(testNatsUrl({})).toBe('nats://127.0.0.1:4222');
  });
});
