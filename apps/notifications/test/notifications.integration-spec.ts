import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { unary } from '@platform/grpc-server';
import { eventually, failure, violationsOf, type TestTokens } from '@platform/testing';
import { membershipChanged, startNotificationsHarness, type NotificationsHarness } from './notifications-harness';

describe('push notifications and the inbox', () => {
  let h: NotificationsHarness;
  let tokens: TestTokens;
  const ORG = randomUUID();
  const OTHER_ORG = randomUUID();
  const people = {
    owner: randomUUID(),
    admin: randomUUID(),
    member1: randomUUID(),
    member2: randomUUID(),
    guest: randomUUID(),
    suspended: randomUUID(),
    invited: randomUUID(),
    outsider: randomUUID(),
  };

  beforeAll(async () => {
    h = await startNotificationsHarness('inbox');
    tokens = h.tokens;
    const memberships: Array<[string, string, string, string]> = [
      [people.owner, ORG, 'OWNER', 'ACTIVE'],
      [people.admin, ORG, 'ADMIN', 'ACTIVE'],
      [people.member1, ORG, 'MEMBER', 'ACTIVE'],
      [people.member2, ORG, 'MEMBER', 'ACTIVE'],
      [people.guest, ORG, 'GUEST', 'ACTIVE'],
      [people.suspended, ORG, 'MEMBER', 'SUSPENDED'],
      [people.invited, ORG, 'MEMBER', 'PENDING'],
      [people.outsider, OTHER_ORG, 'MEMBER', 'ACTIVE'],
    ];
    for (const [account, org, role, state] of memberships) await h.publish('organisation.membership.changed', membershipChanged(account, org, role, state));
    await eventually(async () => expect((await h.sql('SELECT 1 FROM member_projection')).length).toBe(memberships.length));
  });
  afterAll(async () => {
    await h?.stop();
  });

  const as = (sub: string, role: 'OWNER' | 'ADMIN' | 'MEMBER' | 'GUEST', org = ORG) => tokens.org(org, role, sub);
  const send = (token: string, request: Partial<Parameters<typeof h.client.sendNotification>[0]>) =>
    unary(
      h.client,
      h.client.sendNotification,
      { organizationId: '', title: 'Hello', body: 'Body', targetType: 'ALL_MEMBERS', targetUserId: '', targetRole: '', ...request },
      { token },
    );
  const inbox = (token: string, read?: boolean, page?: number, size?: number) =>
    unary(h.client, h.client.listNotifications, { read, page, size, sort: '' }, { token });
  const recipientsOf = async (notificationId: string) =>
    (await h.sql<{ recipient_id: string }>('SELECT recipient_id FROM inbox_entry WHERE notification_id = $1', [notificationId]))
      .map((r) => r.recipient_id)
      .sort();

  it('writes one inbox entry per ACTIVE member for ALL_MEMBERS and answers with the count', async () => {
    const sent = await send(as(people.admin, 'ADMIN'), { title: 'AGM', body: 'Tonight', data: { type: 'EVENT', eventId: 'e1', count: 3 } });
    expect(sent).toMatchObject({
      organizationId: ORG,
      targetType: 'ALL_MEMBERS',
      recipientCount: 5,
      read: false,
      data: { type: 'EVENT', eventId: 'e1', count: 3 },
    });
    expect(await recipientsOf(sent.id)).toEqual([people.owner, people.admin, people.member1, people.member2, people.guest].sort());
  });

  it('targets one role, or one user', async () => {
    const byRole = await send(as(people.owner, 'OWNER'), { targetType: 'ROLE', targetRole: 'MEMBER' });
    expect(await recipientsOf(byRole.id)).toEqual([people.member1, people.member2].sort());
    const one = await send(as(people.owner, 'OWNER'), { targetType: 'SPECIFIC_USER', targetUserId: people.guest });
    expect(one).toMatchObject({ recipientCount: 1, targetUserId: people.guest });
    expect(await recipientsOf(one.id)).toEqual([people.guest]);
  });

  it('never sends members-only content to GUESTs', async () => {
    const all = await send(as(people.admin, 'ADMIN'), { data: { type: 'NEWS', visibility: 'MEMBERS_ONLY' } });
    expect(await recipientsOf(all.id)).not.toContain(people.guest);
    expect(all.recipientCount).toBe(4);
    const flagged = await failure(send(as(people.admin, 'ADMIN'), { targetType: 'SPECIFIC_USER', targetUserId: people.guest, data: { membersOnly: true } }));
    expect(violationsOf(flagged)).toEqual([{ field: 'targetUserId', message: 'is a GUEST; members-only content goes to members only' }]);
  });

  it('refuses targets that are not valid', async () => {
    const admin = as(people.admin, 'ADMIN');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ targetType: 'EVERYONE' }, 'targetType'],
      [{ targetType: 'SPECIFIC_USER' }, 'targetUserId'],
      [{ targetType: 'SPECIFIC_USER', targetUserId: people.suspended }, 'targetUserId'],
      [{ targetType: 'SPECIFIC_USER', targetUserId: people.outsider }, 'targetUserId'],
      [{ targetType: 'ROLE', targetRole: 'CAPTAIN' }, 'targetRole'],
      [{ targetType: 'ROLE', targetRole: 'GUEST', data: { membersOnly: true } }, 'targetRole'],
      [{ title: '' }, 'title'],
      [{ data: { from: 'x' } }, 'data.from'],
    ];
    for (const [request, field] of cases) {
      const err = await failure(send(admin, request));
      expect([field, err?.code]).toEqual([field, status.INVALID_ARGUMENT]);
      expect(violationsOf(err).map((v) => v.field)).toContain(field);
    }
  });

  it('needs ORG:NOTIFICATION:SEND in the caller’s own organisation; platform admins name the organisation', async () => {
    expect((await failure(send(as(people.member1, 'MEMBER'), {})))?.code).toBe(status.PERMISSION_DENIED);
    expect((await failure(send(as(people.admin, 'ADMIN'), { organizationId: OTHER_ORG })))?.code).toBe(status.PERMISSION_DENIED);
    const staff = tokens.system('PLATFORM_ADMIN');
    expect(violationsOf(await failure(send(staff, {}))).map((v) => v.field)).toEqual(['organizationId']);
    expect(await send(staff, { organizationId: OTHER_ORG })).toMatchObject({ organizationId: OTHER_ORG, recipientCount: 1 });
  });

  it("lists the caller's inbox newest first with a read filter, and reads, marks and deletes only their own entries", async () => {
    const me = as(people.member2, 'MEMBER');
    const first = await send(as(people.admin, 'ADMIN'), { targetType: 'SPECIFIC_USER', targetUserId: people.member2, title: 'first' });
    const second = await send(as(people.admin, 'ADMIN'), { targetType: 'SPECIFIC_USER', targetUserId: people.member2, title: 'second' });
    const page = await inbox(me, undefined, 0, 2);
    expect(page.content.map((n) => n.title)).toEqual(['second', 'first']);
    expect(page).toMatchObject({ page: 0, size: 2 });
    expect(page.totalElements).toBeGreaterThanOrEqual(4);

    const marked = await unary(h.client, h.client.updateNotification, { notificationId: first.id, read: true }, { token: me });
    expect(marked).toMatchObject({ id: first.id, read: true });
    expect(marked.readAt).toBeDefined();
    expect((await inbox(me, true)).content.map((n) => n.id)).toEqual([first.id]);
    expect((await inbox(me, false)).content.map((n) => n.id)).not.toContain(first.id);
    expect(await unary(h.client, h.client.getNotification, { notificationId: first.id }, { token: me })).toMatchObject({
      title: 'first',
      read: true,
      recipientCount: undefined,
    });

    const someoneElse = as(people.member1, 'MEMBER');
    expect((await failure(unary(h.client, h.client.getNotification, { notificationId: second.id }, { token: someoneElse })))?.code).toBe(status.NOT_FOUND);
    expect((await failure(unary(h.client, h.client.updateNotification, { notificationId: second.id, read: true }, { token: someoneElse })))?.code).toBe(
      status.NOT_FOUND,
    );
    expect((await failure(unary(h.client, h.client.deleteNotification, { notificationId: second.id }, { token: someoneElse })))?.code).toBe(status.NOT_FOUND);

    await unary(h.client, h.client.deleteNotification, { notificationId: second.id }, { token: me });
    expect((await failure(unary(h.client, h.client.getNotification, { notificationId: second.id }, { token: me })))?.code).toBe(status.NOT_FOUND);
    expect((await inbox(me)).content.map((n) => n.id)).not.toContain(second.id);
  });

  it('keeps inboxes per organisation: a token of another organisation sees none of these', async () => {
    const elsewhere = tokens.org(OTHER_ORG, 'MEMBER', people.member2);
    expect((await inbox(elsewhere)).totalElements).toBe(0);
  });

  it('follows membership changes: a member who left receives nothing new', async () => {
    const leaver = randomUUID();
    await h.publish('organisation.membership.changed', membershipChanged(leaver, ORG, 'MEMBER', 'ACTIVE', new Date(Date.now() - 1000)));
    await h.publish('organisation.membership.changed', membershipChanged(leaver, ORG, 'MEMBER', 'INACTIVE'));
    // An older event arriving late changes nothing.
    await h.publish('organisation.membership.changed', membershipChanged(leaver, ORG, 'MEMBER', 'ACTIVE', new Date(Date.now() - 500)));
    await eventually(async () => {
      const [row] = await h.sql<{ status: string }>('SELECT status FROM member_projection WHERE account_id = $1', [leaver]);
      expect(row?.status).toBe('INACTIVE');
    });
    await new Promise((r) => setTimeout(r, 300));
    const sent = await send(as(people.admin, 'ADMIN'), {});
    expect(await recipientsOf(sent.id)).not.toContain(leaver);
  });

  it('registers devices, moves a re-registered token to the caller, and unregisters only their own', async () => {
    const mine = as(people.member1, 'MEMBER');
    const device = await unary(h.client, h.client.registerDevice, { pushToken: 'fcm-token-shared', platform: 'android', deviceName: 'Pixel' }, { token: mine });
    expect(device).toMatchObject({ pushToken: 'fcm-token-shared', platform: 'ANDROID', deviceName: 'Pixel' });
    const theirs = as(people.member2, 'MEMBER');
    const moved = await unary(h.client, h.client.registerDevice, { pushToken: 'fcm-token-shared', platform: 'IOS', deviceName: 'iPhone' }, { token: theirs });
    expect(moved.id).toBe(device.id);
    const [row] = await h.sql<{ account_id: string; platform: string }>('SELECT account_id, platform FROM device_token WHERE push_token = $1', [
      'fcm-token-shared',
    ]);
    expect(row).toEqual({ account_id: people.member2, platform: 'IOS' });
    expect((await failure(unary(h.client, h.client.unregisterDevice, { tokenId: device.id }, { token: mine })))?.code).toBe(status.NOT_FOUND);
    await unary(h.client, h.client.unregisterDevice, { tokenId: device.id }, { token: theirs });
    expect(await h.sql('SELECT 1 FROM device_token WHERE id = $1', [device.id])).toHaveLength(0);
    expect(
      violationsOf(await failure(unary(h.client, h.client.registerDevice, { pushToken: '', platform: 'PALM', deviceName: '' }, { token: mine })))
        .map((v) => v.field)
        .sort(),
    ).toEqual(['platform', 'pushToken']);
  });

  it('without push credentials skips push and still fills the inbox', async () => {
    await unary(h.client, h.client.registerDevice, { pushToken: 'never-pushed', platform: 'WEB', deviceName: '' }, { token: as(people.member1, 'MEMBER') });
    const sent = await send(as(people.admin, 'ADMIN'), {});
    expect(sent.recipientCount).toBeGreaterThan(0);
    const [job] = await h.sql<{ status: string }>('SELECT status FROM push_job WHERE notification_id = $1', [sent.id]);
    expect(job?.status).toBe('SKIPPED');
  });
});
