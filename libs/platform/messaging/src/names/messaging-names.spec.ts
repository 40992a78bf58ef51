import { MessagingNames, PLATFORM_SUBJECT_ROOTS } from './messaging-names';

describe('MessagingNames', () => {
  it('uses the PLATFORM stream and bare subjects by default', () => {
    const names = new MessagingNames();
    expect(names.stream).toBe('PLATFORM');
    expect(names.subject('identity.user.registered')).toBe('identity.user.registered');
    expect(names.streamSubjects()).toEqual(PLATFORM_SUBJECT_ROOTS.map((r) => `${r}.>`));
  });

  it('prefixes every subject and filter of a test run', () => {
    const names = new MessagingNames({ stream: 'T_abc123', subjectPrefix: 'tabc123' });
    expect(names.subject('identity.user.registered')).toBe('tabc123.identity.user.registered');
    expect(names.filter('audit.>')).toBe('tabc123.audit.>');
    expect(names.logical('tabc123.identity.user.registered')).toBe('identity.user.registered');
    expect(names.streamSubjects(['identity', 'audit'])).toEqual(['tabc123.identity.>', 'tabc123.audit.>']);
    expect(() => names.logical('identity.user.registered')).toThrow('lacks prefix');
  });

  it('reads STREAM_NAME and SUBJECT_PREFIX', () => {
    const names = MessagingNames.fromEnv({ STREAM_NAME: 'T_x1', SUBJECT_PREFIX: 'tx1' });
    expect([names.stream, names.subjectPrefix]).toEqual(['T_x1', 'tx1']);
    expect(MessagingNames.fromEnv({}).stream).toBe('PLATFORM');
  });

  it('refuses names JetStream or the subject convention would not accept', () => {
    expect(() => new MessagingNames({ stream: 'a.b' })).toThrow('invalid stream name');
    expect(() => new MessagingNames({ subjectPrefix: 'a.b' })).toThrow('invalid subject prefix');
    expect(() => new MessagingNames().subject('identity.user.*')).toThrow('invalid subject');
    expect(() => new MessagingNames().filter('identity.>.x')).toThrow('invalid subject filter');
  });
});
