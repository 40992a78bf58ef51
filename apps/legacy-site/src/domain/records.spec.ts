import { memberRecord, postRecord, termPath } from './records';
import { emptyRelations, type PostRow, type TermRow, type UserRow } from './rows';

const ctx = { siteUrl: 'http://site.test', offsetMinutes: 600 };

function user(meta: Record<string, string>): UserRow {
  return {
    id: 5,
    user_login: 'zoe',
    user_nicename: 'zoe',
    user_email: 'Zoe@Example.com',
    user_url: '',
    user_registered: new Date('2025-09-01T00:00:01Z'),
    display_name: 'Zoë',
    role: 'pending-review',
    modified_at: new Date('2025-09-02T03:04:05.678Z'),
    meta,
  };
}

function post(overrides: Partial<PostRow>): PostRow {
  return {
    id: 20,
    post_type: 'event',
    post_status: 'publish',
    post_author: 1,
    post_title: 'T',
    post_content: '',
    post_excerpt: '',
    post_name: 't',
    post_parent: null,
    menu_order: 0,
    post_date_gmt: new Date('2025-12-01T00:00:00Z'),
    modified_at: new Date('2025-12-15T02:00:00.500Z'),
    meta: {},
    ...overrides,
  };
}

describe('member record', () => {
  it('carries email equal to user_email, every member field, CMS dates', () => {
    const record = memberRecord(user({ first_name: 'Zoë', is_certified: 'yes', zip: '4000' }));
    expect(record).toMatchObject({
      id: 5,
      email: 'Zoe@Example.com',
      user_email: 'Zoe@Example.com',
      first_name: 'Zoë',
      last_name: null,
      zip: '4000',
      is_certified: true,
      is_exclude_listing: false,
      role: 'pending-review',
      roles: ['pending-review'],
      user_registered: '2025-09-01 00:00:01',
      user_modified_gmt: '2025-09-02 03:04:05',
    });
  });
});

describe('post record', () => {
  it('types event meta: integers, flags, and null for what is missing', () => {
    const record = postRecord(
      post({ meta: { _event_date_time_start: '1773473400000', _event_all_day: '0', _event_attending_count: 'x' } }),
      emptyRelations(),
      ctx,
    );
    expect(record).toMatchObject({
      _event_date_time_start: 1773473400000,
      _event_date_time_end: null,
      _event_all_day: false,
      _event_is_virtual: null,
      _event_attending_count: null,
      post_date: '2025-12-01 10:00:00',
      post_date_gmt: '2025-12-01 00:00:00',
      post_modified_gmt: '2025-12-15 02:00:00',
      featured_image: null,
    });
  });

  it('makes file URLs absolute and keeps external ones', () => {
    const local = postRecord(post({ post_type: 'document', meta: { _document_file: '/wp-content/uploads/a.pdf' } }), emptyRelations(), ctx);
    expect(local['file_url']).toBe('http://site.test/wp-content/uploads/a.pdf');
    const external = postRecord(post({ post_type: 'recall', meta: { _recall_file: 'https://cdn.example.org/r.pdf' } }), emptyRelations(), ctx);
    expect(external['_recall_file']).toBe('https://cdn.example.org/r.pdf');
    expect(external['folder_taxonomy']).toBe('recall_folder');
  });

  it('gives folder terms their path from the top folder, surviving a cycle', () => {
    const terms = new Map<number, TermRow>([
      [1, { term_id: 1, taxonomy: 'document_folder', name: 'Board', slug: 'board', parent: null }],
      [2, { term_id: 2, taxonomy: 'document_folder', name: 'Minutes', slug: 'minutes', parent: 1 }],
      [3, { term_id: 3, taxonomy: 'document_folder', name: 'Loop', slug: 'loop', parent: 4 }],
      [4, { term_id: 4, taxonomy: 'document_folder', name: 'Back', slug: 'back', parent: 3 }],
    ]);
    expect(termPath(terms.get(2)!, terms)).toEqual(['Board', 'Minutes']);
    expect(termPath(terms.get(3)!, terms)).toEqual(['Back', 'Loop']);
  });
});
