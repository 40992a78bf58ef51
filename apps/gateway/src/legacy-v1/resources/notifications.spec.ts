import { legacyNotification } from './notifications';

describe('a notification in the old app’s shape', () => {
  const base = { id: 'n1', title: 'Hello', body: 'Welcome aboard', createdAt: '2026-05-01T12:00:00.000Z' };

  it('keeps the link of an imported notification as the site gave it', () => {
    const link = { type: 'external-link', url: 'https://acme.org' };
    expect(legacyNotification({ ...base, data: { type: 'external-link', link } })).toEqual({
      id: 'n1',
      title: 'Hello',
      message: 'Welcome aboard',
      date: '2026-05-01T12:00:00+00:00',
      type: 'external-link',
      link,
    });
  });

  it('links what a platform notification is about by id, and has no link otherwise', () => {
    expect(legacyNotification({ ...base, data: { type: 'EVENT_PUBLISHED', eventId: 'e1' } })).toMatchObject({
      type: 'EVENT_PUBLISHED',
      link: { type: 'event', id: 'e1', slug: null },
    });
    expect(legacyNotification({ ...base, data: null })).toMatchObject({ type: 'notification', link: null });
    expect(legacyNotification({ ...base, data: { link: null } }).link).toBeNull();
  });
});
