import { contentService } from './service';
import type { ContentDeps } from './deps';

describe('the content service', () => {
  it('answers its name and the database clock on GetServiceInfo', async () => {
    const now = new Date('2026-01-02T03:04:05Z');
    const db = { $queryRaw: async () => [{ now }] } as unknown as ContentDeps['db'];
    const handlers = contentService({ db, logger: undefined as unknown as ContentDeps['logger'] });
    await expect(handlers.getServiceInfo({}, undefined as never)).resolves.toEqual({ service: 'content', databaseTime: now });
  });
});
