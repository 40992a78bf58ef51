import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { eventsCommonV1 } from '@platform/proto';
import { failure, violationsOf } from '@platform/testing';
import { LEGACY_SITE_TYPE_ID } from '../src/domain/connector-types';
import { startConnectorHarness, type ConnectorHarness } from './connector-harness';
import { member } from './support/site-records';

const ORG = randomUUID();

describe('connectors: types, create, read, update, connection test', () => {
  let h: ConnectorHarness;
  let admin: string;

  beforeAll(async () => {
    h = await startConnectorHarness('connectors');
    admin = h.tokens.org(ORG, 'ADMIN');
    h.site.set('members', [member(2)]);
    for (const path of ['articles', 'events', 'conferences', 'companies', 'documents', 'notifications']) h.site.set(path, []);
  });
  afterAll(async () => h?.stopAll());

  const create = (config: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
    h.call(
      'createConnector',
      {
        organizationId: ORG,
        connectorTypeId: LEGACY_SITE_TYPE_ID,
        name: 'Old site',
        status: '',
        config: { siteUrl: h.site.url, syncKey: h.site.key, enabledEntityTypes: [], fieldMappings: {}, replaceFieldMappings: false, ...config },
        ...extra,
      } as never,
      admin,
    );

  it('lists LEGACY_SITE as available and the other types as coming soon', async () => {
    const { types } = await h.call('listConnectorTypes', {}, admin);
    expect(types.map((t) => [t.code, t.availability])).toEqual([
      ['LEGACY_SITE', 'AVAILABLE'],
      ['CRM', 'COMING_SOON'],
      ['MARKETING_SUBSCRIBERS', 'COMING_SOON'],
      ['CHAT_NOTIFICATIONS', 'COMING_SOON'],
    ]);
    expect(types[0]?.id).toBe(LEGACY_SITE_TYPE_ID);
  });

  it('creates an ACTIVE connector with the defaults, never returns the sync key and seals it at rest', async () => {
    const c = await create({ sourceTimezone: '+10:00', syncIntervalMinutes: 60 });
    expect(c).toMatchObject({
      organizationId: ORG,
      type: 'LEGACY_SITE',
      status: 'ACTIVE',
      initialized: false,
      config: {
        siteUrl: h.site.url,
        syncKeySet: true,
        enabledEntityTypes: ['ARTICLES', 'MEMBERS', 'EVENTS', 'CONFERENCES', 'COMPANIES', 'DOCUMENTS', 'NOTIFICATIONS'],
        syncIntervalMinutes: 60,
        sourceTimezone: '+10:00',
        copyImages: false,
      },
    });
    expect(JSON.stringify(c)).not.toContain(h.site.key);
    const [row] = await h.sql<{ sync_key_sealed: string }>('SELECT sync_key_sealed FROM connector WHERE id = $1', [c.id]);
    expect(row?.sync_key_sealed).toMatch(/^v1\./);
    expect(row?.sync_key_sealed).not.toContain(h.site.key);
    // Creating starts no sync.
    expect((await h.call('listSyncJobs', { organizationId: ORG, connectorId: c.id, status: '' } as never, admin)).totalElements).toBe(0);
  });

  it('refuses a bad config field by field, a coming-soon type, and another organisation', async () => {
    const err = await failure(
      create({ siteUrl: 'ftp://x', syncKey: 'short', sourceTimezone: 'Brisbane', syncIntervalMinutes: -1, enabledEntityTypes: ['PAYMENTS'] }),
    );
    expect(err?.code).toBe(status.INVALID_ARGUMENT);
    expect(
      violationsOf(err)
        .map((v) => v.field)
        .sort(),
    ).toEqual(['config.enabledEntityTypes', 'config.siteUrl', 'config.sourceTimezone', 'config.syncIntervalMinutes', 'config.syncKey'].sort());
    const soon = await failure(create({}, { connectorTypeId: '6c0a3b52-6d8e-4c41-9f0e-1a7c5e2b0002' }));
    expect(violationsOf(soon)).toEqual([{ field: 'connectorTypeId', message: 'CRM is coming soon and cannot be created yet' }]);
    const c = await create();
    const other = h.tokens.org(randomUUID(), 'ADMIN');
    expect((await failure(h.call('getConnector', { organizationId: ORG, connectorId: c.id }, other)))?.code).toBe(status.PERMISSION_DENIED);
    expect((await failure(h.call('getConnector', { organizationId: ORG, connectorId: c.id }, h.tokens.org(ORG, 'MEMBER'))))?.code).toBe(
      status.PERMISSION_DENIED,
    );
    expect((await failure(h.call('getConnector', { organizationId: ORG, connectorId: randomUUID() }, admin)))?.code).toBe(status.NOT_FOUND);
  });

  it('updates only the given fields, keeps the key unless given, and moves between ACTIVE, PAUSED and DISABLED', async () => {
    const c = await create();
    const updated = await h.call(
      'updateConnector',
      {
        organizationId: ORG,
        connectorId: c.id,
        name: 'Renamed',
        status: 'PAUSED',
        config: { enabledEntityTypes: ['MEMBERS', 'ARTICLES'], fieldMappings: { 'MEMBERS.jobTitle': 'position' }, replaceFieldMappings: false },
      } as never,
      admin,
    );
    expect(updated).toMatchObject({
      name: 'Renamed',
      status: 'PAUSED',
      config: { siteUrl: h.site.url, syncKeySet: true, enabledEntityTypes: ['ARTICLES', 'MEMBERS'], fieldMappings: { 'MEMBERS.jobTitle': 'position' } },
    });
    const err = await failure(h.call('updateConnector', { organizationId: ORG, connectorId: c.id, status: 'ERROR' } as never, admin));
    expect(violationsOf(err)).toEqual([{ field: 'status', message: 'must be one of ACTIVE, PAUSED, DISABLED' }]);
    const bad = await failure(
      h.call(
        'updateConnector',
        {
          organizationId: ORG,
          connectorId: c.id,
          config: { enabledEntityTypes: [], fieldMappings: { 'MEMBERS.password': 'x' }, replaceFieldMappings: false },
        } as never,
        admin,
      ),
    );
    expect(violationsOf(bad)[0]?.field).toBe('config.fieldMappings.MEMBERS.password');
    await h.call('updateConnector', { organizationId: ORG, connectorId: c.id, status: 'DISABLED' } as never, admin);
    expect((await failure(h.call('startSync', { organizationId: ORG, connectorId: c.id, jobType: '' }, admin)))?.code).toBe(status.ALREADY_EXISTS);
  });

  it('records CONNECTOR_CREATED, CONNECTOR_UPDATED and SYNC_STARTED in the audit log, never the key itself', async () => {
    const audited = async (during: () => Promise<unknown>) =>
      (await h.events('audit.recorded', during)).map((data) => {
        const { detailJson, ...event } = eventsCommonV1.AuditRecorded.decode(data);
        return { ...event, detail: JSON.parse(detailJson || '{}') as Record<string, unknown> };
      });
    let id = '';
    const created = await audited(async () => {
      id = (await create()).id;
    });
    expect(created).toEqual([
      expect.objectContaining({
        action: 'CONNECTOR_CREATED',
        organizationId: ORG,
        resourceType: 'CONNECTOR',
        resourceId: id,
        detail: expect.objectContaining({ type: 'LEGACY_SITE' }),
      }),
    ]);
    const updated = await audited(() =>
      h.call(
        'updateConnector',
        {
          organizationId: ORG,
          connectorId: id,
          status: 'PAUSED',
          config: { syncKey: 'another-sync-key-0001', enabledEntityTypes: [], fieldMappings: {}, replaceFieldMappings: false },
        } as never,
        admin,
      ),
    );
    expect(updated).toEqual([
      expect.objectContaining({
        action: 'CONNECTOR_UPDATED',
        detail: expect.objectContaining({ changed: ['status', 'syncKey'], from: 'ACTIVE', to: 'PAUSED' }),
      }),
    ]);
    expect(JSON.stringify([created, updated])).not.toMatch(/another-sync-key|fake-site-sync-key/);
    const started = await audited(() => h.call('startSync', { organizationId: ORG, connectorId: id, jobType: 'INITIAL_IMPORT' }, admin));
    expect(started).toEqual([
      expect.objectContaining({
        action: 'SYNC_STARTED',
        resourceType: 'SYNC_JOB',
        detail: expect.objectContaining({ connectorId: id, jobType: 'INITIAL_IMPORT' }),
      }),
    ]);
  });

  it('passes the five checks against a working site', async () => {
    const c = await create();
    const test = await h.call('testConnector', { organizationId: ORG, connectorId: c.id }, admin);
    expect(test.checks.map((k) => [k.name, k.passed])).toEqual([
      ['SITE_REACHABLE', true],
      ['PING_OK', true],
      ['SYNC_KEY_ACCEPTED', true],
      ['PLUGIN_VERSION', true],
      ['ENTITY_TYPES_READABLE', true],
    ]);
    expect(test).toMatchObject({ success: true, pluginVersion: '1.2.0' });
  });

  it('fails the key check with a wrong key, the version check with an old plugin, and reachability for a refused or dead URL', async () => {
    const wrongKey = await create({ syncKey: 'not-the-right-key' });
    const test = await h.call('testConnector', { organizationId: ORG, connectorId: wrongKey.id }, admin);
    expect(test.success).toBe(false);
    expect(test.checks.find((k) => k.name === 'SYNC_KEY_ACCEPTED')).toMatchObject({
      passed: false,
      message: expect.stringContaining('association_sync_key_invalid'),
    });
    expect(test.checks.find((k) => k.name === 'ENTITY_TYPES_READABLE')?.passed).toBe(false);
    expect(test.checks.find((k) => k.name === 'PING_OK')?.passed).toBe(true);

    h.site.pluginVersion = '1.1.9';
    const old = await h.call('testConnector', { organizationId: ORG, connectorId: wrongKey.id }, admin);
    expect(old.checks.find((k) => k.name === 'PLUGIN_VERSION')).toMatchObject({ passed: false, message: 'plugin 1.1.9 is older than 1.2.0' });
    h.site.pluginVersion = '1.2.0';

    // A private address the operator did not allow: refused at once on save (400) …
    const refusedSave = await failure(create({ siteUrl: 'http://10.1.2.3' }));
    expect(violationsOf(refusedSave)).toEqual([{ field: 'config.siteUrl', message: expect.stringContaining('refused by the outbound-destination guard') }]);
    // … and, when a saved URL leads there (its name now resolves elsewhere), by the guard before any connection.
    const refused = await create();
    await h.sql('UPDATE connector SET site_url = $2 WHERE id = $1', [refused.id, 'http://10.1.2.3']);
    const r = await h.call('testConnector', { organizationId: ORG, connectorId: refused.id }, admin);
    expect(r.checks[0]).toMatchObject({ name: 'SITE_REACHABLE', passed: false, message: expect.stringContaining('outbound-destination guard') });
    expect(r.checks.every((k) => !k.passed)).toBe(true);
  });
});
