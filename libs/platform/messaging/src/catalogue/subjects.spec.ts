import { identityEventsV1 } from '@platform/proto';
import { isValidSubject } from '../names/subject-pattern';
import { PLATFORM_SUBJECT_ROOTS } from '../names/messaging-names';
import { ALL_SUBJECTS, decodePayload, encodePayload, isCataloguedSubject, SUBJECTS } from './subjects';

describe('the subject catalogue', () => {
  it('lists every subject once, each a valid subject under a platform root', () => {
    expect(new Set(ALL_SUBJECTS).size).toBe(ALL_SUBJECTS.length);
    for (const subject of ALL_SUBJECTS) {
      expect(isValidSubject(subject)).toBe(true);
      expect(PLATFORM_SUBJECT_ROOTS).toContain(subject.split('.')[0]);
    }
  });

  it('names exactly the catalogued subjects', () => {
    expect(Object.values(SUBJECTS).sort()).toEqual([...ALL_SUBJECTS].sort());
  });

  it('knows its subjects and no others', () => {
    expect(isCataloguedSubject('identity.user.registered')).toBe(true);
    expect(isCataloguedSubject('identity.user.exploded')).toBe(false);
    expect(isCataloguedSubject('toString')).toBe(false);
  });

  it("encodes and decodes a subject's payload with its proto message", () => {
    const payload = { accountId: 'a', email: 'ann@example.org', via: 'RESET', occurredAt: '2026-01-01T00:00:00.000Z' };
    const bytes = encodePayload(SUBJECTS.passwordChanged, payload);
    expect(identityEventsV1.PasswordChanged.decode(bytes)).toEqual(payload);
    expect(decodePayload(SUBJECTS.passwordChanged, bytes)).toEqual(payload);
  });
});
