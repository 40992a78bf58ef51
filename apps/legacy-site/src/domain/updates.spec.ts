import { LegacyError } from './errors';
import { parseEventUpdate, parseMemberUpdate } from './updates';

describe('partial member update', () => {
  it('splits columns from meta, deletes meta set to null or empty, stores flags as 1/0', () => {
    expect(parseMemberUpdate({ email: 'a@b.co', job_title: 'CEO', city: null, zip: '', is_certified: true, is_exclude_listing: '0' }, 2)).toEqual({
      fields: { user_email: 'a@b.co' },
      meta: { job_title: 'CEO', city: null, zip: null, is_certified: '1', is_exclude_listing: '0' },
    });
  });

  it.each([
    [{ role: 'administrator' }],
    [{ birthday: '1/2/1990' }],
    [{ email: 'x' }],
    [{ email: 'a@b.co', user_email: 'c@d.co' }],
    [{}],
    [{ id: 3, city: 'x' }],
    [null],
    ['text'],
  ])('refuses %j', (body) => {
    expect(() => parseMemberUpdate(body, 2)).toThrow(LegacyError);
  });
});

describe('partial event update', () => {
  it('accepts post fields and event meta, numbers as strings', () => {
    expect(parseEventUpdate({ post_status: 'draft', _event_date_time_start: 1773477000000, _event_all_day: 1, _location_city: null }, 20)).toEqual({
      fields: { post_status: 'draft' },
      meta: { _event_date_time_start: '1773477000000', _event_all_day: '1', _location_city: null },
    });
  });

  it.each([[{ post_status: 'archived' }], [{ _event_date_time_start: 'soon' }], [{ _conference_cost: '1' }], [{ post_name: 'Not A Slug' }]])(
    'refuses %j',
    (body) => {
      expect(() => parseEventUpdate(body, 20)).toThrow(LegacyError);
    },
  );
});
