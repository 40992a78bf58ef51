import { newsNotification, PLATFORM_SENDER } from './news-notification';

const event = {
  articleId: 'a1',
  organizationId: 'o1',
  title: 'T'.repeat(300),
  excerpt: 'Short text',
  membersOnly: true,
  publishedAt: '2026-01-01T00:00:00.000Z',
  occurredAt: '2026-01-01T00:00:00.000Z',
  publishedBy: '',
};

describe('the announcement of a published article', () => {
  it('goes to all members as NEWS with the article id, members-only marked', () => {
    const n = newsNotification(event);
    expect(n).toMatchObject({ targetType: 'ALL_MEMBERS', membersOnly: true, body: 'Short text', senderId: PLATFORM_SENDER });
    expect(n.data).toEqual({ type: 'NEWS', articleId: 'a1', membersOnly: true });
    expect(n.title).toHaveLength(200);
  });
});
