import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { unary, type RunningService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import { eventually } from '@platform/testing';
import { startNotifications } from '../src/main';
import { membershipChanged, startNotificationsHarness, type NotificationsHarness } from './notifications-harness';

type Snapshot = organisationV1.MembershipSnapshot;

/** A membership as the organisation service's ListMembershipSnapshot answers it. */
const snap = (accountId: string, organizationId: string, role: string, status: string, version: Date): Snapshot => ({
  id: randomUUID(),
  accountId,
  organizationId,
  role,
  status,
  version: version.toISOString(),
});

const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

interface Row {
  organization_id: string;
  account_id: string;
  role: string;
  status: string;
  version: Date;
}

const projection = (h: NotificationsHarness) =>
  h.sql<Row>('SELECT organization_id, account_id, role, status, version FROM member_projection ORDER BY account_id');
const rowOf = async (h: NotificationsHarness, accountId: string) => (await projection(h)).find((r) => r.account_id === accountId);
const backfillRecord = async (h: NotificationsHarness) =>
  (
    await h.sql<{ started_at: Date; finished_at: Date | null; rows: number }>(
      "SELECT started_at, finished_at, rows FROM projection_backfill WHERE name = 'memberships'",
    )
  )[0];

/** `notifications_membership_backfill_rows_total{outcome}` from the service's /metrics. */
async function backfillRows(service: RunningService, outcome: 'written' | 'older' | 'invalid'): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${service.adminPort}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('notifications_membership_backfill_rows_total{') && l.includes(`outcome="${outcome}"`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** Publishes a membership change of a throw-away account and waits until the consumer applied it: every change published before it is handled too. */
async function consumed(h: NotificationsHarness): Promise<void> {
  const marker = randomUUID();
  await h.publish('organisation.membership.changed', membershipChanged(marker, randomUUID(), 'MEMBER', 'ACTIVE'));
  await eventually(async () => expect(await rowOf(h, marker)).toBeDefined());
}

describe('the membership backfill (ListMembershipSnapshot → member_projection)', () => {
  describe('on a fresh database', () => {
    let h: NotificationsHarness;
    const ORG = randomUUID();
    const OTHER = randomUUID();
    const people = Array.from({ length: 7 }, () => randomUUID());
    const snapshot = [
      snap(people[0]!, ORG, 'OWNER', 'ACTIVE', ago(400 * 24 * HOUR)),
      snap(people[1]!, ORG, 'ADMIN', 'ACTIVE', ago(30 * 24 * HOUR)),
      snap(people[2]!, ORG, 'MEMBER', 'ACTIVE', ago(9 * 24 * HOUR)),
      snap(people[3]!, ORG, 'GUEST', 'ACTIVE', ago(2 * HOUR)),
      snap(people[4]!, ORG, 'MEMBER', 'INACTIVE', ago(20 * 24 * HOUR)),
      snap(people[5]!, ORG, 'MEMBER', 'SUSPENDED', ago(HOUR)),
      snap(people[6]!, OTHER, 'MEMBER', 'ACTIVE', ago(HOUR)),
    ];

    beforeAll(async () => {
      h = await startNotificationsHarness('backfill-fresh', {
        organisation: (o) => o.snapshot.push(...snapshot),
        env: { MEMBERSHIP_BACKFILL_PAGE_SIZE: '3' },
      });
    });
    afterAll(async () => h?.stop());

    it('fills the projection from the snapshot across several pages, with a service token, and records the run', async () => {
      await eventually(async () => expect((await backfillRecord(h))?.finished_at).toBeInstanceOf(Date));
      const rows = await projection(h);
      expect(rows.map((r) => [r.account_id, r.organization_id, r.role, r.status, r.version.toISOString()]).sort()).toEqual(
        snapshot.map((s) => [s.accountId, s.organizationId, s.role, s.status, s.version]).sort(),
      );

      const byId = [...snapshot].sort((x, y) => (x.id < y.id ? -1 : 1));
      expect(h.organisation.callsOf('listMembershipSnapshot').map((c) => c.request)).toEqual([
        { afterId: '', limit: 3 },
        { afterId: byId[2]!.id, limit: 3 },
        { afterId: byId[5]!.id, limit: 3 },
      ]);
      for (const call of h.organisation.callsOf('listMembershipSnapshot'))
        expect(h.signer.verifyService(call.token!)).toMatchObject({ service: 'notifications' });
      expect(await backfillRecord(h)).toMatchObject({ rows: 7 });
      expect(await backfillRows(h.service, 'written')).toBe(7);
      expect(await backfillRows(h.service, 'older')).toBe(0);
    });

    it("delivers the organisation's notifications to the members it learnt (ACTIVE only)", async () => {
      const admin = h.tokens.org(ORG, 'ADMIN', people[1]);
      const sent = await unary(
        h.client,
        h.client.sendNotification,
        { organizationId: '', title: 'Dues', body: 'Due Friday', targetType: 'ALL_MEMBERS', targetUserId: '', targetRole: '' },
        { token: admin },
      );
      expect(sent.recipientCount).toBe(4);
      const recipients = await h.sql<{ recipient_id: string }>('SELECT recipient_id FROM inbox_entry WHERE notification_id = $1', [sent.id]);
      expect(recipients.map((r) => r.recipient_id).sort()).toEqual([people[0], people[1], people[2], people[3]].sort());
    });

    it('does not run again at the next start (auto, projection filled); always does; a run cut short runs again', async () => {
      const calls = () => h.organisation.callsOf('listMembershipSnapshot').length;
      const late = randomUUID();
      h.organisation.snapshot.push(snap(late, ORG, 'MEMBER', 'ACTIVE', ago(1000)));

      // A second replica on the same database: the projection is filled and the last run finished.
      const before = calls();
      const auto = await startNotifications({ ...h.env, MEMBERSHIP_BACKFILL: 'auto' });
      await auto.stop();
      expect(calls()).toBe(before);
      expect(await rowOf(h, late)).toBeUndefined();

      const always = await startNotifications({ ...h.env, MEMBERSHIP_BACKFILL: 'always' });
      try {
        await eventually(async () => expect(await rowOf(h, late)).toMatchObject({ organization_id: ORG, status: 'ACTIVE' }));
        await eventually(async () => expect((await backfillRecord(h))?.rows).toBe(8));
        expect(await backfillRows(always, 'written')).toBe(8);
      } finally {
        await always.stop();
      }

      // Stopped while retrying (organisation down): the run stays unfinished, and the next auto start runs it.
      h.organisation.failAll(status.UNAVAILABLE);
      const cut = await startNotifications({ ...h.env, MEMBERSHIP_BACKFILL: 'always' });
      const failing = calls();
      await eventually(() => expect(calls()).toBeGreaterThan(failing));
      const stopping = Date.now();
      await cut.stop();
      expect(Date.now() - stopping).toBeLessThan(3000);
      expect((await backfillRecord(h))?.finished_at).toBeNull();

      h.organisation.failAll(undefined);
      const restarted = randomUUID();
      h.organisation.snapshot.push(snap(restarted, ORG, 'MEMBER', 'ACTIVE', ago(1000)));
      const resumed = await startNotifications({ ...h.env, MEMBERSHIP_BACKFILL: 'auto' });
      try {
        await eventually(async () => expect(await rowOf(h, restarted)).toBeDefined());
        await eventually(async () => expect((await backfillRecord(h))?.finished_at).toBeInstanceOf(Date));
      } finally {
        await resumed.stop();
      }
    });
  });

  it('lets a newer event win over an older snapshot row and a newer snapshot row over an older event, whichever arrives first', async () => {
    const ORG = randomUUID();
    const [leftLately, cameBack, promotedEarlier, promotedLately] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const t1 = ago(2 * HOUR);
    const t2 = ago(HOUR);
    const h = await startNotificationsHarness('backfill-versions', {
      organisation: (o) => {
        // Down at first, so that the first events are applied before the snapshot.
        o.failAll(status.UNAVAILABLE);
        o.snapshot.push(
          snap(leftLately, ORG, 'MEMBER', 'ACTIVE', t1), // an event at t2 ends it: the event wins
          snap(cameBack, ORG, 'MEMBER', 'ACTIVE', t2), // an event at t1 ended it: the snapshot wins
          snap(promotedEarlier, ORG, 'MEMBER', 'ACTIVE', t2), // an event at t1 made it ADMIN: the snapshot wins
          snap(promotedLately, ORG, 'MEMBER', 'ACTIVE', t1), // an event at t2 makes it ADMIN: the event wins
        );
      },
    });
    try {
      // Events first, snapshot later.
      await h.publish('organisation.membership.changed', membershipChanged(leftLately, ORG, 'MEMBER', 'INACTIVE', t2));
      await h.publish('organisation.membership.changed', membershipChanged(cameBack, ORG, 'MEMBER', 'INACTIVE', t1));
      await consumed(h);
      expect(await rowOf(h, cameBack)).toMatchObject({ status: 'INACTIVE' });
      expect(await backfillRecord(h)).toMatchObject({ finished_at: null });

      h.organisation.failAll(undefined);
      await eventually(async () => expect((await backfillRecord(h))?.finished_at).toBeInstanceOf(Date));
      expect(await rowOf(h, leftLately)).toMatchObject({ status: 'INACTIVE', version: t2 });
      expect(await rowOf(h, cameBack)).toMatchObject({ status: 'ACTIVE', version: t2 });
      expect(await backfillRows(h.service, 'older')).toBe(1);
      expect(await backfillRows(h.service, 'written')).toBe(3);

      // Snapshot first, events later.
      await h.publish('organisation.membership.changed', membershipChanged(promotedEarlier, ORG, 'ADMIN', 'ACTIVE', t1));
      await h.publish('organisation.membership.changed', membershipChanged(promotedLately, ORG, 'ADMIN', 'ACTIVE', t2));
      await consumed(h);
      expect(await rowOf(h, promotedEarlier)).toMatchObject({ role: 'MEMBER', version: t2 });
      expect(await rowOf(h, promotedLately)).toMatchObject({ role: 'ADMIN', version: t2 });
    } finally {
      await h.stop();
    }
  });

  it('does nothing with MEMBERSHIP_BACKFILL=off', async () => {
    const h = await startNotificationsHarness('backfill-off', {
      organisation: (o) => o.snapshot.push(snap(randomUUID(), randomUUID(), 'MEMBER', 'ACTIVE', ago(HOUR))),
      env: { MEMBERSHIP_BACKFILL: 'off' },
    });
    try {
      await consumed(h);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await projection(h)).toHaveLength(1);
      expect(h.organisation.callsOf('listMembershipSnapshot')).toEqual([]);
      expect(await backfillRecord(h)).toBeUndefined();
      expect(await backfillRows(h.service, 'written')).toBe(0);
    } finally {
      await h.stop();
    }
  });

  it('retries while the organisation service is down, serving meanwhile, and fills the projection once it answers', async () => {
    const member = randomUUID();
    const ORG = randomUUID();
    const h = await startNotificationsHarness('backfill-retry', {
      organisation: (o) => {
        o.failAll(status.UNAVAILABLE);
        o.snapshot.push(snap(member, ORG, 'MEMBER', 'ACTIVE', ago(30 * 24 * HOUR)));
      },
    });
    try {
      await eventually(() => expect(h.organisation.callsOf('listMembershipSnapshot').length).toBeGreaterThanOrEqual(3));
      expect(await projection(h)).toEqual([]);
      // The service answers while the backfill waits.
      const inbox = await unary(h.client, h.client.listNotifications, { sort: '' }, { token: h.tokens.org(ORG, 'MEMBER', member) });
      expect(inbox.content).toEqual([]);

      h.organisation.failAll(undefined);
      await eventually(async () => expect(await rowOf(h, member)).toMatchObject({ organization_id: ORG, status: 'ACTIVE' }));
      await eventually(async () => expect((await backfillRecord(h))?.finished_at).toBeInstanceOf(Date));
      expect(h.organisation.callsOf('listMembershipSnapshot').every((c) => c.request.afterId === '')).toBe(true);
    } finally {
      await h.stop();
    }
  });
});
