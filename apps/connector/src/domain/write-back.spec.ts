import type { eventLifecycleV1, organisationEventsV1 } from '@platform/proto';
import { mapEvent, mapMember } from './mappings';
import { bodyOf, eventSiteUpdate, freshUpdate, memberSiteUpdate, utcToLocalMillis, writesBack } from './write-back';

const profile: organisationEventsV1.MemberProfileValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  displayName: 'Dr Ada',
  phoneNumber: '+61 400 000 000',
  jobTitle: 'Analyst',
  company: 'Engines Ltd',
  dateOfBirth: '1815-12-10',
  addressLine1: '12 Marylebone St',
  city: 'London',
  postalCode: 'W1',
  isCertified: true,
  membershipRenewalDate: '2031-01-31',
  isExcludedFromListing: false,
};
const ALL_MEMBER_FIELDS = Object.keys(profile);

const details: eventLifecycleV1.EventDetails = {
  title: 'AGM',
  description: '<p>Yearly meeting</p>',
  excerpt: 'Yearly',
  eventType: 'HYBRID',
  startDate: '2030-05-01T08:00:00.000Z',
  endDate: '2030-05-01T10:30:00.000Z',
  isAllDay: false,
  isVirtual: true,
  cost: '$10',
  registrationUrl: 'https://club.example/agm',
  venueName: 'Town Hall',
  street: '1 Main St',
  city: 'Brisbane',
  province: 'QLD',
  postalCode: '4000',
  country: 'AU',
};
const ALL_EVENT_FIELDS = [
  'title',
  'description',
  'excerpt',
  'startDate',
  'endDate',
  'isAllDay',
  'isVirtual',
  'cost',
  'registrationUrl',
  'venueName',
  'address',
];

describe('write-back: platform member fields → the site (inverse of the member import)', () => {
  it('names each changed profile field by its spec 2 member key', () => {
    expect(bodyOf(memberSiteUpdate(['firstName', 'phoneNumber', 'company', 'dateOfBirth', 'addressLine1', 'postalCode', 'isCertified'], profile, {}))).toEqual({
      first_name: 'Ada',
      mobile_number: '+61 400 000 000',
      company_organization: 'Engines Ltd',
      birthday: '1815-12-10',
      street_address: '12 Marylebone St',
      zip: 'W1',
      is_certified: true,
    });
  });

  it('round-trips: what it sends, imported again, gives the platform values back', () => {
    const sent = bodyOf(memberSiteUpdate(ALL_MEMBER_FIELDS, profile, {}));
    const mapped = mapMember({ id: 7, user_email: 'ada@example.org', role: 'association-member', ...sent }, {});
    expect(mapped.kind).toBe('upsert');
    const { externalId: _e, email: _m, status: _s, role: _r, ...imported } = (mapped as unknown as { record: Record<string, unknown> }).record;
    expect(imported).toEqual(profile);
  });

  it('sends a cleared field as empty, but never a cleared display name (the site requires one)', () => {
    const cleared = { ...profile, city: '', displayName: '', dateOfBirth: '' };
    expect(bodyOf(memberSiteUpdate(['city', 'displayName', 'dateOfBirth'], cleared, {}))).toEqual({ city: '', birthday: '' });
  });

  it('leaves out the external id and the fields the connector maps from another source key', () => {
    expect(memberSiteUpdate(['externalId', 'jobTitle', 'city'], profile, { 'MEMBERS.jobTitle': 'position' })).toEqual({ city: { city: 'London' } });
  });
});

describe('write-back: platform event fields → the site (inverse of the event import)', () => {
  it('sends times as local wall-clock Unix ms through the offset, the address as its five location keys', () => {
    const body = bodyOf(eventSiteUpdate(['startDate', 'address'], details, 600, {}));
    expect(body).toEqual({
      _event_date_time_start: Date.parse('2030-05-01T18:00:00.000Z'),
      _location_address: '1 Main St',
      _location_city: 'Brisbane',
      _location_state: 'QLD',
      _location_zip_code: '4000',
      _location_country: 'AU',
    });
    expect(utcToLocalMillis('2030-05-01T08:00:00Z', -210)).toBe(Date.parse('2030-05-01T04:30:00Z'));
  });

  it('round-trips: what it sends, imported again with the same offset, gives the platform values back', () => {
    const sent = bodyOf(eventSiteUpdate(ALL_EVENT_FIELDS, details, 600, {}));
    const mapped = mapEvent({ id: 20, post_status: 'publish', ...sent }, 'EVENTS', 600, {}, new Date('2026-01-01T00:00:00Z'));
    expect(mapped.kind).toBe('upsert');
    const event = (mapped as unknown as { record: { event: Record<string, unknown> } }).record.event;
    expect(event).toMatchObject({
      title: 'AGM',
      description: '<p>Yearly meeting</p>',
      excerpt: 'Yearly',
      startDate: details.startDate,
      endDate: details.endDate,
      isAllDay: false,
      isVirtual: true,
      cost: '$10',
      registrationUrl: 'https://club.example/agm',
      venueName: 'Town Hall',
      address: { street: '1 Main St', city: 'Brisbane', province: 'QLD', postalCode: '4000', country: 'AU' },
    });
  });

  it("leaves out the platform's own fields and the mapped ones", () => {
    expect(
      Object.keys(eventSiteUpdate(['maxAttendees', 'basePrice', 'eventType', 'surveyQuestions', 'title', 'cost'], details, 0, { 'EVENTS.cost': 'price' })),
    ).toEqual(['title']);
  });
});

describe('write-back: which changes go, and to which connectors', () => {
  it('drops the fields a newer change already wrote (a late retry never overwrites a newer value)', () => {
    const update = memberSiteUpdate(['city', 'jobTitle', 'company'], profile, {});
    const written = { city: '2026-03-01T10:00:00.000Z', jobTitle: '2026-03-01T08:00:00.000Z' };
    expect(Object.keys(freshUpdate(update, '2026-03-01T09:00:00.000Z', written))).toEqual(['jobTitle', 'company']);
    expect(freshUpdate(update, '2026-03-01T10:00:00.000Z', { city: '2026-03-01T10:00:00.000Z' })['city']).toBeUndefined();
  });

  it('writes back for ACTIVE and ERROR connectors with write-back on and the type enabled; never PAUSED, DISABLED or a read-only site', () => {
    const c = { status: 'ACTIVE', writeBack: true, enabledEntityTypes: ['MEMBERS', 'EVENTS'] };
    expect(writesBack(c, 'MEMBERS')).toBe(true);
    expect(writesBack({ ...c, status: 'ERROR' }, 'EVENTS')).toBe(true);
    expect(writesBack({ ...c, status: 'PAUSED' }, 'MEMBERS')).toBe(false);
    expect(writesBack({ ...c, status: 'DISABLED' }, 'MEMBERS')).toBe(false);
    expect(writesBack({ ...c, writeBack: false }, 'MEMBERS')).toBe(false);
    expect(writesBack({ ...c, enabledEntityTypes: ['EVENTS'] }, 'MEMBERS')).toBe(false);
  });
});
