import { appEvent, notificationLink } from './app-payloads';
import { emptyRelations, type PostRow } from './rows';

describe('notification link', () => {
  it('shapes each link type', () => {
    expect(
      notificationLink({
        _notification_type: 'post-type',
        _notification_link_post_id: '20',
        _notification_link_post_type: 'event',
        _notification_link_post_slug: 'breakfast',
      }),
    ).toEqual({ type: 'event', id: 20, slug: 'breakfast' });
    expect(notificationLink({ _notification_type: 'external-link', _notification_link_url: 'https://x.org' })).toEqual({
      type: 'external-link',
      url: 'https://x.org',
    });
    expect(notificationLink({ _notification_type: 'website-page', _notification_link_page: 'privacy-policy' })).toEqual({
      type: 'website-page',
      slug: 'privacy-policy',
    });
    expect(notificationLink({ _notification_type: 'notification' })).toBeNull();
  });

  it('is null when the link meta is incomplete', () => {
    expect(notificationLink({ _notification_type: 'post-type' })).toBeNull();
    expect(notificationLink({ _notification_type: 'external-link' })).toBeNull();
    expect(notificationLink({})).toBeNull();
  });
});

describe('app event', () => {
  it('shows local times with the site offset and no location for a virtual event', () => {
    const post: PostRow = {
      id: 22,
      post_type: 'event',
      post_status: 'publish',
      post_author: 1,
      post_title: 'Webinar',
      post_content: '<p>About contracts.</p>',
      post_excerpt: '',
      post_name: 'webinar',
      post_parent: null,
      menu_order: 0,
      post_date_gmt: new Date('2026-01-20T04:00:00Z'),
      modified_at: new Date('2026-01-20T04:00:00Z'),
      meta: { _event_date_time_start: String(Date.UTC(2026, 4, 6, 12)), _event_is_virtual: '1' },
    };
    expect(appEvent(post, emptyRelations(), { siteUrl: 'http://s', offsetMinutes: 600 }, true)).toMatchObject({
      start: '2026-05-06T12:00:00+10:00',
      end: null,
      is_virtual: true,
      location: null,
      excerpt: 'About contracts.',
      attending_count: 0,
      is_attending: true,
    });
  });
});
