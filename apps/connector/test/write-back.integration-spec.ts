import { randomUUID } from 'node:crypto';
import { connectNats, encodePayload, jetstreamManager, listDeadLetters, SUBJECTS, type NatsConnection, type PayloadOf } from '@platform/messaging';
import { createLogger } from '@platform/telemetry';
import { eventually } from '@platform/testing';
import { LEGACY_SITE_TYPE_ID } from '../src/domain/connector-types';
import { startConnectorHarness, type ConnectorHarness } from './connector-harness';
import { event, member } from './support/site-records';

const ORG = randomUUID();

/**
 * Write-back (spec 4.11): a platform-side change of a member's profile or of an event, announced by
 * organisation or events, reaches the site it came from as `PUT /sync/members/{id}` or
 * `PUT /sync/events/{id}`, retried through outages; nothing for a DISABLED connector, a read-only
 * site, or a change that came from the site.
 */
describe('write-back: platform changes go back to the legacy site', () => {
  let h: ConnectorHarness;
  let admin: string;
  let nc: NatsConnection;
  let connectorId: string;
  /** Platform id of each imported record, by `<ENTITY>:<externalId>`. */
  const platformIds = new Map<string, string>();

  const puts = (path: string) => h.site.requests.filter((r) => r.method === 'PUT' && r.path === path);
  const processed = async (messageId: string) => (await h.sql('SELECT 1 FROM processed_message WHERE message_id = $1', [messageId])).length === 1;
  const change = (patch: { status?: string; writeBack?: boolean }) =>
    h.call(
      'updateConnector',
      {
        organizationId: ORG,
        connectorId,
        status: patch.status,
        config:
          patch.writeBack === undefined ? undefined : { writeBack: patch.writeBack, enabledEntityTypes: [], fieldMappings: {}, replaceFieldMappings: false },
      } as never,
      admin,
    );

  let clock = Date.parse('2026-03-01T00:00:00Z');
  /** A profile change as organisation announces it (each one a little later than the last). */
  const profileChanged = async (
    externalId: string,
    changed: Partial<NonNullable<PayloadOf<'organisation.member.profile-changed'>['profile']>>,
    occurredAt?: string,
  ) => {
    const messageId = randomUUID();
    const profile = {
      firstName: 'First',
      lastName: 'Last',
      displayName: 'Member',
      phoneNumber: '',
      jobTitle: '',
      company: '',
      dateOfBirth: '',
      addressLine1: '',
      city: '',
      postalCode: '',
      isCertified: false,
      membershipRenewalDate: '',
      isExcludedFromListing: false,
      ...changed,
    };
    const payload = {
      organizationId: ORG,
      accountId: platformIds.get(`MEMBERS:${externalId}`)!,
      changedFields: Object.keys(changed),
      changedBy: randomUUID(),
      occurredAt: occurredAt ?? new Date((clock += 1000)).toISOString(),
      profile,
    };
    await h.publish(SUBJECTS.memberProfileChanged, encodePayload(SUBJECTS.memberProfileChanged, payload), messageId);
    return messageId;
  };

  beforeAll(async () => {
    h = await startConnectorHarness('write_back');
    admin = h.tokens.org(ORG, 'ADMIN');
    nc = await connectNats({ url: h.env['NATS_URL']!, name: 'write-back-test', logger: createLogger('write-back-test') });
    h.site.set('members', [member(1), member(2), member(3)]);
    h.site.set('events', [event(20)]);
    const created = await h.call(
      'createConnector',
      {
        organizationId: ORG,
        connectorTypeId: LEGACY_SITE_TYPE_ID,
        name: 'Site',
        status: '',
        config: {
          siteUrl: h.site.url,
          syncKey: h.site.key,
          sourceTimezone: '+10:00',
          enabledEntityTypes: ['MEMBERS', 'EVENTS'],
          fieldMappings: {},
          replaceFieldMappings: false,
        },
      } as never,
      admin,
    );
    connectorId = created.id;
    expect(created.config?.writeBack).toBe(true);
    const job = await h.call('startSync', { organizationId: ORG, connectorId, jobType: 'INITIAL_IMPORT' }, admin);
    await eventually(async () => {
      const j = await h.call('getSyncJob', { organizationId: ORG, connectorId, jobId: job.id }, admin);
      if (j.status !== 'COMPLETED') throw new Error(`still ${j.status}`);
    }, 8000);
    for (const row of await h.sql<{ entity_type: string; external_id: string; platform_id: string }>(
      'SELECT entity_type, external_id, platform_id FROM synced_record',
    )) {
      platformIds.set(`${row.entity_type}:${row.external_id}`, row.platform_id);
    }
  });
  afterAll(async () => {
    await nc?.close();
    await h?.stopAll();
  });

  it("PUTs a member's changed profile fields, and only those, to /sync/members/{id} with the sync key", async () => {
    await profileChanged('1', { jobTitle: 'Director', city: 'Sydney', isCertified: true });
    const [put] = await eventually(async () => {
      const found = puts('sync/members/1');
      if (found.length === 0) throw new Error('no PUT yet');
      return found;
    });
    expect(put).toMatchObject({ key: h.site.key, body: { job_title: 'Director', city: 'Sydney', is_certified: true } });
    expect(Object.keys(put!.body as object).sort()).toEqual(['city', 'is_certified', 'job_title']);
    expect(h.site.records['members']!.find((r) => r.record.id === 1)!.record).toMatchObject({ job_title: 'Director', city: 'Sydney' });
  });

  it('PUTs an edited event to /sync/events/{id}: times as local wall-clock ms through the offset, the address as _location_*', async () => {
    const payload = {
      eventId: platformIds.get('EVENTS:20')!,
      organizationId: ORG,
      changedFields: ['title', 'startDate', 'address', 'maxAttendees'],
      event: {
        title: 'AGM, moved',
        description: '',
        excerpt: '',
        eventType: 'IN_PERSON',
        startDate: '2030-05-01T08:00:00.000Z',
        endDate: '2030-05-01T10:00:00.000Z',
        isAllDay: false,
        isVirtual: false,
        cost: '',
        registrationUrl: '',
        venueName: '',
        street: '2 New St',
        city: 'Brisbane',
        province: 'QLD',
        postalCode: '4000',
        country: 'AU',
      },
      updatedBy: randomUUID(),
      occurredAt: new Date().toISOString(),
    };
    await h.publish(SUBJECTS.eventUpdated, encodePayload(SUBJECTS.eventUpdated, payload));
    const [put] = await eventually(async () => {
      const found = puts('sync/events/20');
      if (found.length === 0) throw new Error('no PUT yet');
      return found;
    });
    expect(put!.body).toEqual({
      post_title: 'AGM, moved',
      _event_date_time_start: Date.parse('2030-05-01T18:00:00.000Z'),
      _location_address: '2 New St',
      _location_city: 'Brisbane',
      _location_state: 'QLD',
      _location_zip_code: '4000',
      _location_country: 'AU',
    });
  });

  it('retries through a site outage (503 twice) and delivers once the site answers', async () => {
    h.site.failNext('sync/members/2', 503, 2);
    await profileChanged('2', { company: 'Outage Ltd' });
    await eventually(async () => {
      const found = puts('sync/members/2');
      if (found.length < 3) throw new Error(`${found.length} tries so far`);
    }, 15_000);
    expect(h.site.records['members']!.find((r) => r.record.id === 2)!.record).toMatchObject({ company_organization: 'Outage Ltd' });
  }, 20_000);

  it('never overwrites a newer value with a late (retried) older change of the same field', async () => {
    const newer = await profileChanged('3', { city: 'Newer' }, '2026-04-01T10:00:00.000Z');
    await eventually(async () => expect(await processed(newer)).toBe(true));
    const older = await profileChanged('3', { city: 'Older', jobTitle: 'Chair' }, '2026-04-01T09:00:00.000Z');
    await eventually(async () => expect(await processed(older)).toBe(true));
    expect(puts('sync/members/3').map((r) => r.body)).toEqual([{ city: 'Newer' }, { job_title: 'Chair' }]);
  });

  it('sends nothing for a DISABLED or PAUSED connector, or with write-back off (a read-only site)', async () => {
    const before = h.site.requests.length;
    for (const patch of [{ status: 'DISABLED' }, { status: 'PAUSED' }, { status: 'ACTIVE', writeBack: false }]) {
      const updated = await change(patch);
      expect(updated.status).toBe(patch.status);
      const id = await profileChanged('1', { jobTitle: `Not sent while ${JSON.stringify(patch)}` });
      await eventually(async () => expect(await processed(id)).toBe(true));
    }
    expect(h.site.requests.slice(before)).toEqual([]);
    expect((await change({ writeBack: true })).config?.writeBack).toBe(true);
  });

  it('lets the change go when the site is in read-only mode (403 association_read_only), without retrying', async () => {
    h.site.readOnly = true;
    try {
      const id = await profileChanged('1', { jobTitle: 'Refused' });
      await eventually(async () => expect(await processed(id)).toBe(true));
      expect(puts('sync/members/1').filter((r) => (r.body as { job_title?: string }).job_title === 'Refused')).toHaveLength(1);
    } finally {
      h.site.readOnly = false;
    }
  });

  it('sends nothing back for a change the import made (an INCREMENTAL that updates a member announces nothing)', async () => {
    h.site.records['members']!.find((r) => r.record.id === 1)!.record['job_title'] = 'Changed on the site';
    h.site.records['members']!.find((r) => r.record.id === 1)!.modified = new Date();
    const before = puts('sync/members/1').length;
    const job = await h.call('startSync', { organizationId: ORG, connectorId, jobType: 'INCREMENTAL' }, admin);
    await eventually(async () => {
      const j = await h.call('getSyncJob', { organizationId: ORG, connectorId, jobId: job.id }, admin);
      if (j.status !== 'COMPLETED') throw new Error(`still ${j.status}`);
    }, 8000);
    expect(h.fakes.store.get('members', '1')).toMatchObject({ jobTitle: 'Changed on the site' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(puts('sync/members/1')).toHaveLength(before);
  });

  it('sets a change the site refuses for good aside as a dead letter with the reason; a refused key also puts the connector in ERROR', async () => {
    const jsm = await jetstreamManager(nc);
    const letters = async () => (await listDeadLetters(jsm, h.names.stream, { consumer: 'connector-write-back' })).length;
    const start = await letters();
    h.site.failNext('sync/members/2', 400, 1);
    await profileChanged('2', { postalCode: 'not accepted' });
    await eventually(async () => expect(await letters()).toBe(start + 1));

    h.site.failNext('sync/members/2', 401, 1);
    await profileChanged('2', { postalCode: '2000' });
    await eventually(async () => expect(await letters()).toBe(start + 2));
    const [letter] = (await listDeadLetters(jsm, h.names.stream, { consumer: 'connector-write-back' })).slice(-1);
    expect(letter!.reason).toContain('401');
    const connector = await h.call('getConnector', { organizationId: ORG, connectorId }, admin);
    expect(connector).toMatchObject({ status: 'ERROR', lastError: expect.stringContaining('sync key') });
  });
});
