import { documentsService } from './service';
import type { DocumentsDeps } from './deps';

describe('the documents service', () => {
  it('answers its name and the database clock on GetServiceInfo', async () => {
    const now = new Date('2026-01-02T03:04:05Z');
    const db = { $queryRaw: async () => [{ now }] } as unknown as DocumentsDeps['db'];
    const handlers = documentsService({ db, logger: undefined as unknown as DocumentsDeps['logger'] });
    await expect(handlers.getServiceInfo({}, undefined as never)).resolves.toEqual({ service: 'documents', databaseTime: now });
  });
});
