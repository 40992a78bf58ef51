import { messageConsumer, SUBJECTS } from '@platform/messaging';
import { consumerDisagreements } from './service-consumers';

const consumer = (durable: string, subjects: Parameters<typeof messageConsumer>[0]['subjects']) =>
  messageConsumer({ durable, subjects, handle: async () => undefined });

describe("a service's consumers against the registry's consumes", () => {
  it('agree when they read exactly the subjects it lists', () => {
    const consumers = [consumer('a', [SUBJECTS.passwordChanged]), consumer('b', [SUBJECTS.sessionRevoked, SUBJECTS.auditRecorded])];
    expect(consumerDisagreements(consumers, [SUBJECTS.auditRecorded, SUBJECTS.passwordChanged, SUBJECTS.sessionRevoked])).toEqual([]);
  });

  it('name a subject read but not listed, one listed but not read, and a durable name used twice', () => {
    const consumers = [consumer('a', [SUBJECTS.passwordChanged]), consumer('a', [SUBJECTS.auditRecorded])];
    expect(consumerDisagreements(consumers, [SUBJECTS.passwordChanged, SUBJECTS.sessionRevoked])).toEqual([
      "two consumers are named 'a'",
      "consumer 'a' reads audit.recorded, which the service registry does not list in consumes",
      'the service registry lists identity.session.revoked in consumes, but no consumer reads it',
    ]);
  });
});
