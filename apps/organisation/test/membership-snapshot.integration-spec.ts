import { status } from '@grpc/grpc-js';
import { organisationEventsV1, type organisationV1 } from '@platform/proto';
import { failure, violationsOf } from '@platform/testing';
import { startOrganisationHarness, type NewOrganization, type OrganisationHarness } from './organisation-harness';

/** ListMembershipSnapshot: what notifications fills a new membership projection from (internal, service tokens). */
describe('ListMembershipSnapshot (internal, for notifications)', () => {
  let h: OrganisationHarness;
  let a: NewOrganization;
  let b: NewOrganization;
  let gone: NewOrganization;
  let goneMember: string;

  const add = (org: NewOrganization, email: string, extra: { roleId?: string; sendInvitationEmail?: boolean } = {}) =>
    h.call(
      'addMember',
      {
        organizationId: org.org.id,
        email,
        firstName: 'Sam',
        lastName: 'Snapshot',
        roleId: extra.roleId ?? '',
        sendInvitationEmail: extra.sendInvitationEmail ?? false,
      },
      org.ownerToken,
    );
  const page = (request: Partial<organisationV1.ListMembershipSnapshotRequest> = {}, token = h.tokens.service('identity')) =>
    h.call('listMembershipSnapshot', { afterId: '', limit: 0, ...request }, token);

  /** Every page from the start, `limit` at a time. */
  const allPages = async (limit: number) => {
    const pages: organisationV1.MembershipSnapshotPage[] = [];
    let afterId = '';
    do {
      const next = await page({ afterId, limit });
      pages.push(next);
      afterId = next.nextAfterId;
      if (pages.length > 100) throw new Error('the snapshot does not end');
    } while (afterId !== '');
    return pages;
  };

  beforeAll(async () => {
    h = await startOrganisationHarness('org-snapshot');
    a = await h.newOrganization('snapshot-a');
    b = await h.newOrganization('snapshot-b');
    gone = await h.newOrganization('snapshot-gone');
    // a: 1 owner + 4 members (one a MANAGER, one PENDING, one removed: INACTIVE); b: owner + 2.
    await add(a, 'a1@example.org');
    await add(a, 'a2@example.org', { roleId: a.roles['MANAGER'] });
    await add(a, 'a3@example.org', { sendInvitationEmail: true });
    const leaver = await add(a, 'a4@example.org');
    await h.call('removeMember', { organizationId: a.org.id, userId: leaver.id }, a.ownerToken);
    await add(b, 'a1@example.org', { roleId: b.roles['GUEST'] });
    await add(b, 'b2@example.org');
    goneMember = (await add(gone, 'gone@example.org')).id;
    await h.call('deleteOrganisation', { id: gone.org.id }, gone.ownerToken);
  });
  afterAll(async () => h?.stop());

  it('pages through every membership of live organisations exactly once, in id order, INACTIVE and PENDING included', async () => {
    const expected = await h.sql<{ id: string; account_id: string; organization_id: string; role: string; status: string }>(
      `SELECT m.id, m.account_id, m.organisation_id AS organization_id, r.name::text AS role, m.status::text AS status
         FROM membership m JOIN role r ON r.id = m.role_id JOIN organisation o ON o.id = m.organisation_id
        WHERE o.deleted_at IS NULL ORDER BY m.id`,
    );
    expect(expected).toHaveLength(8);

    const pages = await allPages(3);
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 2]);
    const items = pages.flatMap((p) => p.items);
    expect(items.map((i) => [i.id, i.accountId, i.organizationId, i.role, i.status])).toEqual(
      expected.map((e) => [e.id, e.account_id, e.organization_id, e.role, e.status]),
    );
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    expect(items.map((i) => i.status).sort()).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'INACTIVE', 'PENDING']);
    for (const item of items) expect(Number.isNaN(Date.parse(item.version))).toBe(false);

    // A page size that divides the total ends with an empty page; one page holds everything by default.
    const exact = await allPages(4);
    expect(exact.map((p) => p.items.length)).toEqual([4, 4, 0]);
    const whole = await page();
    expect(whole.items.map((i) => i.id)).toEqual(expected.map((e) => e.id));
    expect(whole.nextAfterId).toBe('');
    expect((await page({ limit: 50_000 })).items).toHaveLength(8);
  });

  it('leaves out the memberships of deleted organisations', async () => {
    const { items } = await page();
    expect(items.some((i) => i.organizationId === gone.org.id)).toBe(false);
    expect(items.some((i) => i.accountId === goneMember)).toBe(false);
    const [row] = await h.sql<{ n: number }>('SELECT count(*)::int AS n FROM membership WHERE organisation_id = $1', [gone.org.id]);
    expect(row?.n).toBe(2);
  });

  it("answers a version no earlier than the announcing event's occurred_at", async () => {
    const member = await add(b, 'versioned@example.org');
    const [data] = await h.events('organisation.membership.changed', () =>
      h.call('updateMember', { organizationId: b.org.id, userId: member.id, roleId: b.roles['ADMIN'] }, b.ownerToken),
    );
    const event = organisationEventsV1.MembershipChanged.decode(data!);
    const item = (await page()).items.find((i) => i.accountId === member.id && i.organizationId === b.org.id);
    expect(item).toMatchObject({ role: 'ADMIN', status: 'ACTIVE' });
    expect(Date.parse(item!.version)).toBeGreaterThanOrEqual(Date.parse(event.occurredAt));
  });

  it('refuses a bad cursor or a negative limit (INVALID_ARGUMENT)', async () => {
    const badCursor = await failure(page({ afterId: 'not-a-uuid' }));
    expect(badCursor?.code).toBe(status.INVALID_ARGUMENT);
    expect(violationsOf(badCursor).map((v) => v.field)).toEqual(['afterId']);
    expect((await failure(page({ limit: -1 })))?.code).toBe(status.INVALID_ARGUMENT);
  });

  it('accepts only service tokens', async () => {
    expect((await failure(page({}, '')))?.code).toBe(status.UNAUTHENTICATED);
    expect((await failure(page({}, a.ownerToken)))?.code).toBe(status.PERMISSION_DENIED);
    expect((await failure(page({}, h.tokens.system())))?.code).toBe(status.PERMISSION_DENIED);
  });
});
