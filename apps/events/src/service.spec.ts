import { eventsService } from './service';
import type { EventsDeps } from './deps';

describe('the events service', () => {
  it('answers its name and the database clock on GetServiceInfo', async () => {
    const now = new Date('2026-01-02T03:04:05Z');
    const db = { $queryRaw: async () => [{ now }] } as unknown as EventsDeps['db'];
    const handlers = eventsService({ db, logger: undefined as unknown as EventsDeps['logger'] });
    await expect(handlers.getServiceInfo({}, undefined as never)).resolves.toEqual({ service: 'events', databaseTime: now });
  });
});
