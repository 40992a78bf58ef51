import { randomUUID } from 'node:crypto';
import { encodePayload, SUBJECTS } from '@platform/messaging';
import type { organisationV1 } from '@platform/proto';
import { eventually } from '@platform/testing';
import { samePersonNote } from '../src/domain/same-person';
import { startConnectorHarness, type ConnectorHarness } from './connector-harness';
import { member } from './support/site-records';
import { syncCalls } from './support/sync-calls';

const ORG = randomUUID();

/**
 * Every site user becomes a member (issue 26): one without a first or last name is named from its
 * other fields, and two users whose addresses differ only in case are one person, one platform
 * record linked to both, the first one's fields kept, at every job type and in write-back. The
 * fake organisation answers as the real one (organisation's member-import suite holds its side).
 */
describe('members the site holds awkwardly: unnamed users and addresses differing only in case', () => {
  let h: ConnectorHarness;
  let admin: string;
  let connectorId: string;
  const { createConnector, run, logs } = syncCalls(() => ({ h, organizationId: ORG, token: admin }));

  const links = () =>
    h.sql<{ external_id: string; platform_id: string; same_as: string | null }>(
      `SELECT external_id, platform_id, same_as FROM synced_record WHERE connector_id = $1 ORDER BY external_id::int`,
      [connectorId],
    );
  const lines = async (jobId: string) =>
    (await logs(connectorId, jobId)).content.map((l) => ({ externalId: l.externalId, action: l.action, platformId: l.platformId, message: l.message }));
  const sentMembers = () =>
    h.fakes.organisation.calls.filter((c) => c.method === 'upsertMembers').flatMap((c) => (c.request as organisationV1.UpsertMembersRequest).members);
  const site = () => h.site.records['members']!;
  /** A change made at the site: the record's fields and its change time (what `since` selects). */
  const changeAtSite = (id: number, fields: Record<string, unknown>) => {
    const found = site().find((r) => r.record.id === id)!;
    Object.assign(found.record, fields);
    found.modified = new Date();
  };

  beforeAll(async () => {
    h = await startConnectorHarness('members_people');
    admin = h.tokens.org(ORG, 'ADMIN');
    h.site.set('members', [
      member(1),
      member(7, 'association-member', { user_email: 'jane.doe@example.org', email: 'jane.doe@example.org', first_name: 'Jane', last_name: 'Doe' }),
      member(8, 'subscriber', { user_email: 'Jane.Doe@Example.org', email: 'Jane.Doe@Example.org', first_name: 'J', last_name: 'D', city: 'Sydney' }),
      // An account made before the site's plugin: no member meta at all.
      member(13, 'association-member', { first_name: null, last_name: null, display_name: 'Olivia Brown', user_nicename: 'olivia-brown-13' }),
    ]);
    connectorId = (await createConnector({ enabledEntityTypes: ['MEMBERS'] })).id;
  });
  afterAll(async () => h?.stopAll());

  it('INITIAL_IMPORT: the unnamed user named from display_name, the second address one account linked to both site users, nothing FAILED', async () => {
    const job = await run(connectorId, 'INITIAL_IMPORT');
    expect(job).toMatchObject({ status: 'COMPLETED' });
    expect(job.progress.find((p) => p.entityType === 'MEMBERS')).toMatchObject({ fetched: 4, created: 3, skipped: 1, failed: 0 });

    const [one, jane, janeAgain, olivia] = await lines(job.id);
    expect(one).toMatchObject({ externalId: '1', action: 'CREATE', message: '' });
    expect(jane).toMatchObject({ externalId: '7', action: 'CREATE', message: '' });
    expect(janeAgain).toEqual({ externalId: '8', action: 'SKIP', platformId: jane!.platformId, message: samePersonNote('7') });
    expect(olivia).toMatchObject({ externalId: '13', action: 'CREATE', message: 'no first or last name at the site: both taken from display_name' });
    expect(h.fakes.store.get('members', '13')).toMatchObject({ firstName: 'Olivia', lastName: 'Brown' });

    // The external-id map: both site users point at the one platform record; write-back follows 7 only.
    expect(await links()).toEqual([
      { external_id: '1', platform_id: one!.platformId, same_as: null },
      { external_id: '7', platform_id: jane!.platformId, same_as: null },
      { external_id: '8', platform_id: jane!.platformId, same_as: '7' },
      { external_id: '13', platform_id: olivia!.platformId, same_as: null },
    ]);
    expect(h.fakes.store.get('members', '7')).toMatchObject({ firstName: 'Jane', city: 'Brisbane', status: 'ACTIVE' });
    expect(h.fakes.store.count('members')).toBe(3);
  });

  it('FULL_SYNC of the unchanged site creates and changes nothing, and sends nothing: every line a SKIP saying why where it applies', async () => {
    const sentBefore = sentMembers().length;
    const job = await run(connectorId, 'FULL_SYNC');
    expect(job.progress.find((p) => p.entityType === 'MEMBERS')).toMatchObject({ fetched: 4, created: 0, updated: 0, skipped: 4, failed: 0 });
    expect(sentMembers().length).toBe(sentBefore);
    const jane = (await links()).find((l) => l.external_id === '7')!;
    expect(await lines(job.id)).toEqual([
      { externalId: '1', action: 'SKIP', platformId: expect.any(String), message: '' },
      { externalId: '7', action: 'SKIP', platformId: jane.platform_id, message: '' },
      { externalId: '8', action: 'SKIP', platformId: jane.platform_id, message: samePersonNote('7') },
      { externalId: '13', action: 'SKIP', platformId: expect.any(String), message: 'no first or last name at the site: both taken from display_name' },
    ]);
  });

  it("INCREMENTAL: a change of the second site user is sent and linked again, the first one's profile kept; a change of the first updates it", async () => {
    changeAtSite(8, { job_title: 'Changed on the second account', city: 'Perth' });
    const second = await run(connectorId, 'INCREMENTAL');
    expect(
      h.site.requests
        .filter((r) => r.path === 'sync/members')
        .at(-1)
        ?.query.get('since'),
    ).toBeTruthy();
    expect(second.progress.find((p) => p.entityType === 'MEMBERS')).toMatchObject({ fetched: 1, created: 0, updated: 0, skipped: 1, failed: 0 });
    expect(await lines(second.id)).toEqual([{ externalId: '8', action: 'SKIP', platformId: expect.any(String), message: samePersonNote('7') }]);
    expect(h.fakes.store.get('members', '7')).toMatchObject({ city: 'Brisbane', jobTitle: 'Manager' });

    changeAtSite(7, { job_title: 'Changed on the first account' });
    const first = await run(connectorId, 'INCREMENTAL');
    // `since` reaches five minutes back, so the second user's change is read again: unchanged since, a SKIP without a call.
    expect(first.progress.find((p) => p.entityType === 'MEMBERS')).toMatchObject({ fetched: 2, created: 0, updated: 1, skipped: 1 });
    expect((await lines(first.id)).map((l) => [l.externalId, l.action, l.message]).sort()).toEqual([
      ['7', 'UPDATE', ''],
      ['8', 'SKIP', samePersonNote('7')],
    ]);
    expect(h.fakes.store.get('members', '7')).toMatchObject({ jobTitle: 'Changed on the first account', city: 'Brisbane' });
    // Both links still point at the one record, the second one still marked as the same person.
    expect((await links()).filter((l) => l.external_id === '7' || l.external_id === '8').map((l) => l.same_as)).toEqual([null, '7']);
  });

  it('writes a platform change of that member back to the first site user only, never to both', async () => {
    const jane = (await links()).find((l) => l.external_id === '7')!;
    const payload = {
      organizationId: ORG,
      accountId: jane.platform_id,
      changedFields: ['jobTitle'],
      changedBy: randomUUID(),
      occurredAt: new Date().toISOString(),
      profile: {
        firstName: 'Jane',
        lastName: 'Doe',
        displayName: 'Member 7',
        phoneNumber: '',
        jobTitle: 'Edited on the platform',
        company: '',
        dateOfBirth: '',
        addressLine1: '',
        city: '',
        postalCode: '',
        isCertified: false,
        membershipRenewalDate: '',
        isExcludedFromListing: false,
      },
    };
    const messageId = randomUUID();
    await h.publish(SUBJECTS.memberProfileChanged, encodePayload(SUBJECTS.memberProfileChanged, payload), messageId);
    await eventually(async () => {
      expect((await h.sql('SELECT 1 FROM processed_message WHERE message_id = $1', [messageId])).length).toBe(1);
    });
    const puts = h.site.requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body]);
    expect(puts).toEqual([['sync/members/7', { job_title: 'Edited on the platform' }]]);
  });
});
