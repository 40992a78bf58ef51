import { Metadata, status } from '@grpc/grpc-js';
import { organisationEventsV1, type organisationV1 } from '@platform/proto';
import { eventually, failure } from '@platform/testing';
import pg from 'pg';
import { startOrganisationHarness, type NewOrganization, type OrganisationHarness } from './organisation-harness';

/** A record as the connector sends it (every field present, '' for none). */
function record(n: number, extra: Partial<organisationV1.MemberRecord> = {}): organisationV1.MemberRecord {
  return {
    externalId: `wp-${n}`,
    email: `member${n}@import.example.org`,
    firstName: `First${n}`,
    lastName: `Last${n}`,
    status: '',
    role: '',
    displayName: `Member ${n}`,
    phoneNumber: '+33 1 23 45 67 89',
    jobTitle: 'Engineer',
    company: 'ACME',
    dateOfBirth: '1980-05-17',
    addressLine1: `${n} Main Street`,
    city: 'Lyon',
    postalCode: '69001',
    isCertified: n % 2 === 0,
    membershipRenewalDate: '2027-01-31',
    isExcludedFromListing: n % 10 === 0,
    ...extra,
  };
}

describe('member import (UpsertMembers, internal)', () => {
  let h: OrganisationHarness;
  let a: NewOrganization;
  let b: NewOrganization;
  // A deadline of a minute, as the connector gives a batch (the harness's 10 s is short for 500 records on a busy machine).
  const upsert = (org: NewOrganization, members: organisationV1.MemberRecord[], token = h.tokens.service('connector')) => {
    const metadata = new Metadata();
    metadata.set('authorization', `Bearer ${token}`);
    return new Promise<organisationV1.UpsertMembersResponse>((resolve, reject) =>
      h.client.upsertMembers({ organizationId: org.org.id, members }, metadata, { deadline: Date.now() + 60_000 }, (err, reply) =>
        err ? reject(err) : resolve(reply),
      ),
    );
  };

  beforeAll(async () => {
    h = await startOrganisationHarness('org-member-import');
    a = await h.newOrganization('import-a');
    b = await h.newOrganization('import-b');
  });
  afterAll(async () => h?.stop());

  it('creates 500 members in one call, then skips them all when nothing changed, without any invitation', async () => {
    const records = Array.from({ length: 500 }, (_, i) => record(i));
    let first: organisationV1.UpsertMembersResponse | undefined;
    const invited = await h.events('organisation.member.invited', async () => {
      first = await upsert(a, records);
    });
    expect(invited).toHaveLength(0);
    expect(first).toMatchObject({ created: 500, updated: 0, skipped: 0, failed: 0 });
    expect(first!.results.map((r) => r.externalId)).toEqual(records.map((r) => r.externalId));
    expect(new Set(first!.results.map((r) => r.userId)).size).toBe(500);

    const page = await h.call('listMembers', { organizationId: a.org.id, status: 'ACTIVE', search: 'member42@', sort: '' }, a.ownerToken);
    expect(page.content).toEqual([
      expect.objectContaining({
        email: 'member42@import.example.org',
        firstName: 'First42',
        displayName: 'Member 42',
        dateOfBirth: '1980-05-17',
        membershipRenewalDate: '2027-01-31',
        isCertified: true,
        externalId: 'wp-42',
        roles: ['MEMBER'],
      }),
    ]);

    const again = await upsert(a, records);
    expect(again).toMatchObject({ created: 0, updated: 0, skipped: 500, failed: 0 });
  }, 120_000);

  it("gives a new member the source's registration as createdAt (now when the record has none), and never changes it afterwards", async () => {
    const registeredAt = new Date('2015-03-04T10:11:12Z');
    const before = Date.now();
    const reply = await upsert(a, [record(600, { registeredAt }), record(601)]);
    const after = Date.now();
    expect(reply.results.map((r) => r.action)).toEqual(['CREATE', 'CREATE']);
    const shown = async (n: number, status = 'ACTIVE') =>
      (await h.call('listMembers', { organizationId: a.org.id, status, search: `member${n}@`, sort: '' }, a.ownerToken)).content[0]!;

    const registered = await shown(600);
    expect(registered.createdAt).toBe('2015-03-04T10:11:12.000Z');
    // The membership itself started with the import: its period and sort by joinedAt are the platform's.
    expect(Date.parse(registered.joinedAt)).toBeGreaterThanOrEqual(before);
    const unregistered = Date.parse((await shown(601)).createdAt);
    expect(unregistered).toBeGreaterThanOrEqual(before);
    expect(unregistered).toBeLessThanOrEqual(after);

    // A later date at the source is not a change of the profile (SKIP) and leaves createdAt alone, as does an update.
    const later = new Date('2020-01-01T00:00:00Z');
    expect((await upsert(a, [record(600, { registeredAt: later })])).results[0]).toMatchObject({ action: 'SKIP' });
    expect((await upsert(a, [record(600, { registeredAt: later, city: 'Paris', status: 'INACTIVE' })])).results[0]).toMatchObject({ action: 'UPDATE' });
    expect(await shown(600, 'INACTIVE')).toMatchObject({ city: 'Paris', createdAt: '2015-03-04T10:11:12.000Z' });
  });

  it('updates a changed record and answers invalid ones ERROR while applying the rest', async () => {
    const changes = await h.events('organisation.membership.changed', async () => {
      const reply = await upsert(a, [
        record(1, { city: 'Paris', status: 'INACTIVE' }),
        record(2, { email: 'not-an-email' }),
        record(3, { dateOfBirth: '1980-02-30' }),
        record(4, { externalId: '' }),
      ]);
      expect(reply.results.map((r) => r.action)).toEqual(['UPDATE', 'ERROR', 'ERROR', 'ERROR']);
      expect(reply.results[1].error).toContain('email');
      expect(reply.results[2].error).toContain('dateOfBirth');
      expect(reply.results[3].error).toContain('externalId');
    });
    const decoded = changes.map((d) => organisationEventsV1.MembershipChanged.decode(d));
    expect(decoded).toEqual([expect.objectContaining({ status: 'INACTIVE', previousStatus: 'ACTIVE' })]);
  });

  it('attaches an existing account by email instead of creating another, and the same person may be imported into two organisations', async () => {
    const existing = h.identity.addAccount({ email: 'known@import.example.org', firstName: 'Kim', lastName: 'Known' });
    const before = h.identity.accounts.size;
    const inA = await upsert(a, [record(900, { email: 'known@import.example.org', firstName: 'Kim', lastName: 'Known' })]);
    const inB = await upsert(b, [record(900, { email: 'Known@Import.example.org', firstName: 'Kim', lastName: 'Known', role: 'ADMIN' })]);
    expect(inA.results[0]).toMatchObject({ action: 'CREATE', userId: existing.id });
    expect(inB.results[0]).toMatchObject({ action: 'CREATE', userId: existing.id });
    expect(h.identity.accounts.size).toBe(before);
  });

  it('answers a record whose address is a member of another externalId (in another case) as that member, changing nothing; refuses callers without a service token', async () => {
    const before = await h.sql('SELECT * FROM membership WHERE organisation_id = $1 AND external_id = $2', [a.org.id, 'wp-5']);
    const reply = await upsert(a, [record(901, { email: 'Member5@Import.example.org', city: 'Elsewhere', status: 'INACTIVE', role: 'ADMIN' })]);
    expect(reply.results[0]).toEqual({ externalId: 'wp-901', action: 'SKIP', userId: before[0]!.account_id, error: '', sameAsExternalId: 'wp-5' });
    expect(reply).toMatchObject({ created: 0, updated: 0, skipped: 1, failed: 0 });
    // One membership, the first record's, untouched; no second one under wp-901.
    expect(await h.sql('SELECT * FROM membership WHERE organisation_id = $1 AND account_id = $2', [a.org.id, before[0]!.account_id])).toEqual(before);

    expect(await failure(upsert(a, [record(1)], a.ownerToken))).toMatchObject({ code: status.PERMISSION_DENIED });
    expect(
      await failure(
        upsert(
          a,
          Array.from({ length: 501 }, (_, i) => record(i)),
        ),
      ),
    ).toMatchObject({ code: status.INVALID_ARGUMENT });
  });

  it('applies the records of one call in turn: a repeated externalId updates the member just created, a second externalId for its email is that member', async () => {
    const reply = await upsert(a, [record(700), record(700, { city: 'Paris', status: 'INACTIVE' }), record(701, { email: 'MEMBER700@import.example.org' })]);
    expect(reply.results.map((r) => r.action)).toEqual(['CREATE', 'UPDATE', 'SKIP']);
    expect(reply.results[2]).toMatchObject({ userId: reply.results[0].userId, sameAsExternalId: 'wp-700' });
    const page = await h.call('listMembers', { organizationId: a.org.id, status: 'INACTIVE', search: 'member700@', sort: '' }, a.ownerToken);
    expect(page.content).toEqual([expect.objectContaining({ externalId: 'wp-700', city: 'Paris', status: 'INACTIVE' })]);
  });

  it('refuses a record whose person already holds maxOrganisationsPerUser running memberships, while the others apply', async () => {
    const [c, d] = await Promise.all([h.newOrganization('import-limit-c'), h.newOrganization('import-limit-d')]);
    h.identity.settings.maxOrganisationsPerUser = 1;
    try {
      expect((await upsert(c, [record(800)])).results[0]).toMatchObject({ action: 'CREATE' });
      const reply = await upsert(d, [record(800), record(801), record(802, { email: 'member800@import.example.org', status: 'INACTIVE' })]);
      expect(reply.results.map((r) => r.action)).toEqual(['ERROR', 'CREATE', 'CREATE']);
      expect(reply.results[0].error).toBe('The user already belongs to the maximum of 1 organisations');
      // An ended membership does not count, so the person may still be recorded as a former member.
      expect(reply.results[2].userId).toBe((await upsert(c, [record(800)])).results[0].userId);
    } finally {
      h.identity.settings.maxOrganisationsPerUser = 10;
    }
  });

  it('applies a chunk record by record when a concurrent writer created one of its members meanwhile', async () => {
    const r = await h.newOrganization('import-race');
    const person = h.identity.addAccount({ email: 'member950@import.example.org', firstName: 'First950', lastName: 'Last950' });
    const registeredAt = new Date('2016-07-08T09:10:11Z');
    const records = [record(949, { registeredAt }), record(950, { registeredAt }), record(951), record(952, { email: 'Member949@Import.example.org' })];
    // Another writer's transaction, still open: the member of wp-950 and its account. The import reads
    // the members without seeing it, then waits on the account's row, then finds the externalId taken.
    const other = new pg.Client({ connectionString: h.schema.connectionString, options: `-c search_path=${h.schema.schema}` });
    await other.connect();
    try {
      await other.query('BEGIN');
      const [{ pid }] = (await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
      await other.query(
        `INSERT INTO account_projection (id, email, first_name, last_name, status, source_updated_at, updated_at)
         VALUES ($1, $2, 'First950', 'Last950', 'ACTIVE', now(), now())`,
        [person.id, person.email],
      );
      await other.query(
        `INSERT INTO membership (id, organisation_id, account_id, role_id, status, email, first_name, last_name, first_name_key, last_name_key,
                                 search_text, external_id, joined_at, updated_at)
         VALUES (gen_random_uuid(), $1, $2, $3, 'ACTIVE', $4, 'First950', 'Last950', 'first950', 'last950', $5, 'wp-950', now(), now())`,
        [r.org.id, person.id, r.roles['MEMBER'], person.email, `first950 last950 ${person.email}`],
      );
      const importing = upsert(r, records);
      await eventually(async () => {
        const [{ waiting }] = await h.sql<{ waiting: number }>('SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [
          pid,
        ]);
        expect(waiting).toBeGreaterThan(0);
      });
      await other.query('COMMIT');
      const reply = await importing;
      expect(reply.results.map((x) => x.action)).toEqual(['CREATE', 'UPDATE', 'CREATE', 'SKIP']);
      expect(reply.results[1].userId).toBe(person.id);
      // Record by record too, another case of an address is the member it already is.
      expect(reply.results[3]).toMatchObject({ userId: reply.results[0].userId, sameAsExternalId: 'wp-949' });
    } finally {
      await other.end();
    }
    const rows = await h.sql<{ external_id: string; city: string; registered: boolean }>(
      `SELECT external_id, city, created_at = $2 AS registered FROM membership
        WHERE organisation_id = $1 AND external_id IS NOT NULL ORDER BY external_id`,
      [r.org.id, registeredAt],
    );
    // The record-by-record path gives a new member its registration too; the other writer's member keeps its own.
    expect(rows).toEqual([
      { external_id: 'wp-949', city: 'Lyon', registered: true },
      { external_id: 'wp-950', city: 'Lyon', registered: false },
      { external_id: 'wp-951', city: 'Lyon', registered: false },
    ]);
  });

  describe('a profile changed on the platform since the import (CONFLICT)', () => {
    let c: NewOrganization;
    const member = async (n: number, status = '') => {
      const page = await h.call('listMembers', { organizationId: c.org.id, status, search: `member${n}@`, sort: '' }, c.ownerToken);
      return page.content[0]!;
    };
    const edit = async (n: number, changes: Partial<organisationV1.UpdateMemberRequest>) =>
      h.call('updateMember', { organizationId: c.org.id, userId: (await member(n)).id, ...changes }, c.ownerToken);
    const actions = (reply: organisationV1.UpsertMembersResponse) => reply.results.map((r) => r.action);

    beforeAll(async () => {
      c = await h.newOrganization('import-c');
      await upsert(c, [record(1), record(2), record(3), record(4), record(5)]);
    });

    it('skips a member unchanged at the source, and updates one changed only at the source', async () => {
      const reply = await upsert(c, [record(1), record(2, { city: 'Paris', jobTitle: 'Architect' })]);
      expect(actions(reply)).toEqual(['SKIP', 'UPDATE']);
      expect(await member(2)).toMatchObject({ city: 'Paris', jobTitle: 'Architect' });
    });

    it("keeps an administrator's edit while the source is unchanged (SKIP)", async () => {
      await edit(3, { city: 'Marseille', firstName: 'Tertia' });
      const reply = await upsert(c, [record(3)]);
      expect(reply).toMatchObject({ skipped: 1, updated: 0, conflicts: 0 });
      expect(await member(3)).toMatchObject({ city: 'Marseille', firstName: 'Tertia' });
    });

    it("answers CONFLICT and keeps the platform's profile when the source changed too; the source's status still applies", async () => {
      const { id } = await edit(4, { city: 'Marseille' });
      const reply = await upsert(c, [record(4, { city: 'Paris', displayName: 'Changed at the source', status: 'INACTIVE' })]);
      expect(reply.results[0]).toMatchObject({ action: 'CONFLICT', userId: id });
      expect(reply).toMatchObject({ conflicts: 1, updated: 0, skipped: 0 });
      expect(await member(4, 'INACTIVE')).toMatchObject({ city: 'Marseille', displayName: 'Member 4', status: 'INACTIVE' });
      // Each sync says so again until the two agree.
      expect(actions(await upsert(c, [record(4, { city: 'Paris', displayName: 'Changed at the source', status: 'INACTIVE' })]))).toEqual(['CONFLICT']);
    });

    it('links a member added on the platform to its record by email (UPDATE), then skips it', async () => {
      await h.call(
        'addMember',
        { organizationId: c.org.id, email: 'member6@import.example.org', firstName: 'First6', lastName: 'Last6', roleId: '', sendInvitationEmail: false },
        c.ownerToken,
      );
      expect(actions(await upsert(c, [record(6)]))).toEqual(['UPDATE']);
      expect(await member(6)).toMatchObject({ externalId: 'wp-6', city: 'Lyon' });
      expect(actions(await upsert(c, [record(6)]))).toEqual(['SKIP']);
    });

    it('updates a member imported before the hash was kept when the source changed it', async () => {
      await h.sql('UPDATE membership SET import_hash = NULL WHERE external_id = $1', ['wp-5']);
      expect(actions(await upsert(c, [record(5)]))).toEqual(['SKIP']);
      await h.sql('UPDATE membership SET import_hash = NULL, city = $2 WHERE external_id = $1', ['wp-5', 'Changed before hashes']);
      expect(actions(await upsert(c, [record(5, { city: 'Paris' })]))).toEqual(['UPDATE']);
      expect(await member(5)).toMatchObject({ city: 'Paris' });
    });
  });
});
