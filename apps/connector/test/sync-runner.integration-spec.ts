import { randomUUID } from 'node:crypto';
import { eventually } from '@platform/testing';
import { LEGACY_SITE_TYPE_ID } from '../src/domain/connector-types';
import { startConnectorHarness, type ConnectorHarness } from './connector-harness';
import { company, member } from './support/site-records';

const ORG = randomUUID();

describe('the sync runner: a job queued through the API starts at once', () => {
  let h: ConnectorHarness;
  let admin: string;

  beforeAll(async () => {
    // The runner's own look for PENDING jobs only every ten minutes: only the wake can start them in time.
    h = await startConnectorHarness('sync_runner', { CONNECTOR_RUNNER_INTERVAL_MS: '600000' });
    admin = h.tokens.org(ORG, 'ADMIN');
  });
  afterAll(async () => h?.stopAll());

  const createConnector = async (enabledEntityTypes: string[]) =>
    h.call(
      'createConnector',
      {
        organizationId: ORG,
        connectorTypeId: LEGACY_SITE_TYPE_ID,
        name: `Site ${randomUUID()}`,
        status: '',
        config: { siteUrl: h.site.url, syncKey: h.site.key, enabledEntityTypes, fieldMappings: {}, replaceFieldMappings: false },
      } as never,
      admin,
    );
  const start = (connectorId: string, jobType: string) => h.call('startSync', { organizationId: ORG, connectorId, jobType }, admin);
  const statusOf = async (connectorId: string, jobId: string) => (await h.call('getSyncJob', { organizationId: ORG, connectorId, jobId }, admin)).status;

  it('starts a job when it is queued, whether the runner is idle or busy with another job', async () => {
    h.site.set('companies', [company(50), company(51)]);
    h.site.set(
      'members',
      Array.from({ length: 800 }, (_, i) => member(7000 + i)),
    );
    const quick = await createConnector(['COMPANIES']);
    const first = await start(quick.id, 'INITIAL_IMPORT');
    await eventually(async () => expect(await statusOf(quick.id, first.id)).toBe('COMPLETED'), 3000);
    // The runner is idle now, its next look ten minutes away.
    const second = await start(quick.id, 'FULL_SYNC');
    await eventually(async () => expect(await statusOf(quick.id, second.id)).toBe('COMPLETED'), 3000);

    // Busy: a slow import runs; a job of another connector starts beside it (two at a time) at once.
    h.site.delay('sync/members', 600);
    try {
      const slow = await createConnector(['MEMBERS']);
      const running = await start(slow.id, 'INITIAL_IMPORT');
      await eventually(async () => expect(await statusOf(slow.id, running.id)).toBe('RUNNING'), 3000);
      const beside = await start(quick.id, 'FULL_SYNC');
      await eventually(async () => expect(await statusOf(quick.id, beside.id)).toBe('COMPLETED'), 3000);
      expect(await statusOf(slow.id, running.id)).toBe('RUNNING');
      await eventually(async () => expect(await statusOf(slow.id, running.id)).toBe('COMPLETED'), 10_000);
    } finally {
      h.site.delay('sync/members', 0);
    }
  });
});
