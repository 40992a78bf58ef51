import { legacyEvent, type PlatformEvent } from './events';

const event: PlatformEvent = {
  id: '9b0e6f0a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  title: 'Annual gala',
  description: '<p>Dinner &amp; awards for <b>all</b> members.</p>',
  eventType: 'IN_PERSON',
  status: 'PUBLISHED',
  startDate: '2027-03-01T09:00:00.000Z',
  endDate: '2027-03-01T13:00:00.000Z',
  venueName: 'Town hall',
  address: { street: '1 Main St', city: 'Sydney', province: 'NSW', postalCode: '2000', country: 'AU' },
  excerpt: '',
  isAllDay: false,
  isVirtual: false,
  cost: '',
  basePrice: '25.00',
  currency: 'AUD',
  registrationUrl: '',
  featuredImageUrl: 'https://cdn.example.org/gala.png',
  attendingCount: 12,
  publishedAt: '2026-12-02T00:00:00.000Z',
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-03T08:30:00.000Z',
};

describe('an event in the old app’s shape', () => {
  it('maps the platform’s fields to the site’s, times in UTC with their Unix milliseconds', () => {
    expect(legacyEvent(event)).toEqual({
      id: event.id,
      type: 'event',
      status: 'publish',
      title: 'Annual gala',
      slug: null,
      date: '2026-12-02T00:00:00+00:00',
      modified: '2026-12-03T08:30:00+00:00',
      link: null,
      featured_image: 'https://cdn.example.org/gala.png',
      excerpt: 'Dinner & awards for all members.',
      content: event.description,
      start: '2027-03-01T09:00:00+00:00',
      end: '2027-03-01T13:00:00+00:00',
      start_ms: Date.UTC(2027, 2, 1, 9),
      end_ms: Date.UTC(2027, 2, 1, 13),
      all_day: false,
      is_virtual: false,
      cost: '25.00 AUD',
      registration_url: null,
      location: { name: 'Town hall', address: '1 Main St', city: 'Sydney', state: 'NSW', zip_code: '2000', country: 'AU' },
      attending_count: 12,
      is_attending: null,
    });
  });

  it('keeps an imported cost as written, and has no location for a virtual event without a venue', () => {
    const virtual = legacyEvent({ ...event, cost: '$25 members', eventType: 'VIRTUAL', isVirtual: true, venueName: '', address: null });
    expect(virtual).toMatchObject({ cost: '$25 members', is_virtual: true, location: null });
    expect(legacyEvent({ ...event, cost: '', basePrice: null }).cost).toBeNull();
  });

  it('says a cancelled event is cancelled, a conference a conference, and an event without an end has null end', () => {
    expect(legacyEvent({ ...event, status: 'CANCELLED', eventType: 'CONFERENCE', endDate: '' })).toMatchObject({
      status: 'cancelled',
      type: 'conference',
      end: null,
      end_ms: null,
    });
  });
});
