import { isRefusal, isVisible, reschedule, transition, type ArticleState } from './article-state';

const now = new Date('2026-06-01T10:00:00Z');
const later = new Date('2026-06-02T10:00:00Z');
const earlier = new Date('2026-05-01T10:00:00Z');
const draft = (scheduledAt: Date | null = null): ArticleState => ({ status: 'DRAFT', scheduledAt, publishedAt: null, announcement: 'NONE' });

describe('the article state table', () => {
  it('publishes a DRAFT without scheduledAt at once, announced now', () => {
    expect(transition(draft(), 'publish', now)).toEqual({
      next: { status: 'PUBLISHED', scheduledAt: null, publishedAt: now, announcement: 'SENT' },
      announceNow: true,
    });
  });

  it('publishes a DRAFT with a future scheduledAt, visible and announced from then', () => {
    const result = transition(draft(later), 'publish', now);
    expect(result).toEqual({ next: { status: 'PUBLISHED', scheduledAt: later, publishedAt: later, announcement: 'PENDING' }, announceNow: false });
    if (!isRefusal(result)) {
      expect(isVisible(result.next, now)).toBe(false);
      expect(isVisible(result.next, later)).toBe(true);
    }
  });

  it('publishes at once when scheduledAt has passed meanwhile', () => {
    expect(transition(draft(earlier), 'publish', now)).toMatchObject({ next: { publishedAt: now }, announceNow: true });
  });

  it('refuses to publish what is not a DRAFT', () => {
    expect(isRefusal(transition({ ...draft(), status: 'PUBLISHED', publishedAt: now }, 'publish', now))).toBe(true);
    expect(isRefusal(transition({ ...draft(), status: 'ARCHIVED' }, 'publish', now))).toBe(true);
  });

  it('archives DRAFT and PUBLISHED articles, and unarchives to the state they had', () => {
    const published: ArticleState = { status: 'PUBLISHED', scheduledAt: null, publishedAt: earlier, announcement: 'SENT' };
    const archived = transition(published, 'archive', now);
    expect(archived).toMatchObject({ next: { status: 'ARCHIVED' } });
    if (!isRefusal(archived)) expect(transition(archived.next, 'unarchive', now)).toMatchObject({ next: { status: 'PUBLISHED', publishedAt: earlier } });
    const archivedDraft = transition(draft(), 'archive', now);
    if (!isRefusal(archivedDraft)) expect(transition(archivedDraft.next, 'unarchive', now)).toMatchObject({ next: { status: 'DRAFT' } });
    expect(isRefusal(transition(draft(), 'unarchive', now))).toBe(true);
    expect(isRefusal(transition({ ...draft(), status: 'ARCHIVED' }, 'archive', now))).toBe(true);
  });

  it('moves a schedule only before the article is visible', () => {
    expect(reschedule(draft(), later, now)).toMatchObject({ scheduledAt: later, publishedAt: null });
    const pending: ArticleState = { status: 'PUBLISHED', scheduledAt: later, publishedAt: later, announcement: 'PENDING' };
    expect(reschedule(pending, null, now)).toMatchObject({ scheduledAt: null, publishedAt: now });
    expect(isRefusal(reschedule({ ...pending, publishedAt: earlier }, later, now))).toBe(true);
  });
});
