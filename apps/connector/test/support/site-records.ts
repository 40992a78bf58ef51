import type { SiteRecord } from './fake-site';

/** Records shaped like the legacy site's pulls (docs/legacy-site.md, "Conventions of the records"). */
export const member = (id: number, role = 'association-member', extra: Record<string, unknown> = {}): SiteRecord => ({
  id,
  email: `member${id}@example.org`,
  user_email: `member${id}@example.org`,
  user_login: `member${id}`,
  display_name: `Member ${id}`,
  role,
  roles: [role],
  first_name: 'First',
  last_name: `Last${id}`,
  mobile_number: '0400000000',
  job_title: 'Manager',
  company_organization: 'Acme',
  birthday: '1980-01-02',
  street_address: '1 Main St',
  city: 'Brisbane',
  state: 'QLD',
  zip: '4000',
  is_certified: true,
  renewal_date: '2026-06-30',
  is_exclude_listing: false,
  user_registered: '2019-05-20 03:04:05',
  user_modified_gmt: '2025-01-10 08:00:00',
  ...extra,
});

const post = (id: number, postType: string, status: string, extra: Record<string, unknown>): SiteRecord => ({
  id,
  post_type: postType,
  post_status: status,
  post_title: `${postType} ${id}`,
  post_name: `${postType}-${id}`,
  post_content: `<p>Content of ${id}</p>`,
  post_excerpt: '',
  post_date_gmt: '2025-02-10 23:00:00',
  post_modified_gmt: '2025-02-12 01:30:00',
  featured_image: null,
  featured_image_url: null,
  ...extra,
});

export const article = (id: number, status = 'publish', extra: Record<string, unknown> = {}) =>
  post(id, 'post', status, {
    post_content: '<!-- wp:paragraph -->\n<p>Hello</p>\n<!-- /wp:paragraph -->',
    author: { id: 1, display_name: 'Site Admin', user_email: 'admin@example.org' },
    categories: [
      { term_id: 3, name: 'News', slug: 'news' },
      { term_id: 4, name: 'Other', slug: 'other' },
    ],
    tags: [
      { term_id: 5, name: 'agm', slug: 'agm' },
      { term_id: 6, name: 'awards', slug: 'awards' },
    ],
    featured_image_url: 'https://site.example/wp-content/uploads/a.png',
    ...extra,
  });

export const event = (id: number, status = 'publish', extra: Record<string, unknown> = {}) =>
  post(id, 'event', status, {
    _event_date_time_start: Date.UTC(2026, 2, 14, 7, 30),
    _event_date_time_end: Date.UTC(2026, 2, 14, 9, 0),
    _event_all_day: false,
    _event_is_virtual: false,
    _event_cost: '$25',
    _event_url: 'https://tickets.example.org/e',
    _event_attending_count: 42,
    _location_name: 'Hall',
    _location_address: 'Merivale St',
    _location_city: 'South Brisbane',
    _location_state: 'QLD',
    _location_zip_code: '4101',
    _location_country: 'Australia',
    ...extra,
  });

export const conference = (id: number, status = 'publish', extra: Record<string, unknown> = {}) =>
  post(id, 'conference', status, {
    _conference_date_time_start: Date.UTC(2026, 7, 19, 9, 0),
    _conference_date_time_end: Date.UTC(2026, 7, 21, 17, 0),
    _conference_all_day: false,
    _conference_is_virtual: false,
    _conference_cost: '$450',
    _conference_url: 'https://conference.example.org',
    _location_name: null,
    _location_address: null,
    _location_city: null,
    _location_state: null,
    _location_zip_code: null,
    _location_country: null,
    ...extra,
  });

export const company = (id: number, status = 'publish') =>
  post(id, 'company', status, {
    _company_url: 'https://company.example.com',
    _company_phone: '(07) 5500 1234',
    _company_email: 'info@company.example.com',
    featured_image_url: 'https://site.example/logo.png',
  });

export const document = (id: number, type = 'document', path: string[] = [], status = 'publish') =>
  post(id, type, status, {
    [`_${type}_file`]: `https://site.example/wp-content/uploads/file-${id}.pdf?ver=2`,
    file_url: `https://site.example/wp-content/uploads/file-${id}.pdf?ver=2`,
    folder_taxonomy: `${type}_folder`,
    folders: path.length ? [{ term_id: 100 + path.length, name: path[path.length - 1], slug: 's', parent: 0, taxonomy: `${type}_folder`, path }] : [],
  });
