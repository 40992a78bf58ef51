import { randomUUID } from 'node:crypto';
import { contentEventsV1 } from '@platform/proto';
import { eventually } from '@platform/testing';
import { startNotificationsHarness, type NotificationsHarness } from './notifications-harness';

interface InboxRow {
  recipient_id: string;
  data: { type: string; articleId: string; membersOnly: boolean };
}

describe('news announcements (content.article.published) in the inbox', () => {
  let h: NotificationsHarness;
  const ORG = randomUUID();
  const member = randomUUID();
  const guest = randomUUID();
  const invited = randomUUID();

  beforeAll(async () => {
    h = await startNotificationsHarness('news');
    await h.sql(
      `INSERT INTO member_projection (organization_id, account_id, role, status, version)
       VALUES ($1, $2, 'MEMBER', 'ACTIVE', now()), ($1, $3, 'GUEST', 'ACTIVE', now()), ($1, $4, 'MEMBER', 'PENDING', now())`,
      [ORG, member, guest, invited],
    );
  });
  afterAll(async () => h?.stop());

  const announce = async (articleId: string, membersOnly: boolean, msgId = randomUUID()) => {
    const payload = contentEventsV1.ArticlePublished.encode({
      articleId,
      organizationId: ORG,
      title: 'News',
      excerpt: 'Read all about it',
      membersOnly,
      publishedAt: new Date().toISOString(),
      occurredAt: new Date().toISOString(),
      publishedBy: randomUUID(),
    }).finish();
    await h.publish('content.article.published', payload, msgId);
  };
  const inbox = (articleId: string) =>
    h.sql<InboxRow>(
      `SELECT e.recipient_id, n.data FROM inbox_entry e JOIN notification n ON n.id = e.notification_id WHERE n.data->>'articleId' = $1 ORDER BY e.recipient_id`,
      [articleId],
    );

  it('gives every ACTIVE member an inbox entry with data.type NEWS and the article id, once per event', async () => {
    const articleId = randomUUID();
    const msgId = randomUUID();
    await announce(articleId, false, msgId);
    await eventually(async () => expect((await inbox(articleId)).length).toBe(2), 10_000);
    expect((await inbox(articleId)).map((r) => r.recipient_id).sort()).toEqual([member, guest].sort());
    expect((await inbox(articleId))[0]?.data).toEqual({ type: 'NEWS', articleId, membersOnly: false });
    await announce(articleId, false, msgId); // the same message again: nothing more
    const other = randomUUID();
    await announce(other, false);
    await eventually(async () => expect((await inbox(other)).length).toBe(2), 10_000);
    expect(await h.sql(`SELECT 1 FROM notification WHERE data->>'articleId' = $1`, [articleId])).toHaveLength(1);
  });

  it('never gives a GUEST a members-only article', async () => {
    const articleId = randomUUID();
    await announce(articleId, true);
    await eventually(async () => expect((await inbox(articleId)).length).toBe(1), 10_000);
    expect((await inbox(articleId)).map((r) => r.recipient_id)).toEqual([member]);
  });
});
