import { mapArticle, mapCompany, mapDocument, mapEvent, mapMember, mapNotification, membershipOf, eventStatus, articleStatus, folderChain } from './index';
import { flag, gmtDate, localMillisToUtc, mimeTypeOf, text } from './values';

const member = (extra: Record<string, unknown> = {}) => ({
  id: 2,
  email: 'olivia.brown@example.com',
  user_email: 'olivia.brown@example.com',
  display_name: 'Olivia Brown',
  role: 'association-member',
  roles: ['association-member'],
  first_name: 'Olivia',
  last_name: 'Brown',
  mobile_number: '0412345678',
  job_title: 'Practice Manager',
  company_organization: 'Coastal Building Pty Ltd',
  birthday: '1985-07-14',
  street_address: '42 Wickham Tce',
  city: 'Brisbane',
  state: 'QLD',
  zip: '4000',
  is_certified: true,
  renewal_date: '2026-06-30',
  is_exclude_listing: false,
  user_registered: '2019-05-20 03:04:05',
  user_pass: '$P$secret',
  ...extra,
});

describe('the member mapping (spec 2 Member)', () => {
  it('maps every field of the member table and never a password', () => {
    const mapped = mapMember(member(), {});
    expect(mapped).toEqual({
      kind: 'upsert',
      externalId: '2',
      record: {
        externalId: '2',
        email: 'olivia.brown@example.com',
        firstName: 'Olivia',
        lastName: 'Brown',
        status: 'ACTIVE',
        role: '',
        displayName: 'Olivia Brown',
        phoneNumber: '0412345678',
        jobTitle: 'Practice Manager',
        company: 'Coastal Building Pty Ltd',
        dateOfBirth: '1985-07-14',
        addressLine1: '42 Wickham Tce',
        city: 'Brisbane',
        postalCode: '4000',
        isCertified: true,
        membershipRenewalDate: '2026-06-30',
        isExcludedFromListing: false,
        registeredAt: new Date('2019-05-20T03:04:05Z'),
      },
    });
    expect(JSON.stringify(mapped)).not.toContain('secret');
  });

  it('takes user_registered as the UTC instant the member registered, and sends none the site does not give', () => {
    expect(mapMember(member({ user_registered: '2015-12-31 23:59:59' }), {})).toMatchObject({ record: { registeredAt: new Date('2015-12-31T23:59:59Z') } });
    for (const missing of [undefined, null, '', '0000-00-00 00:00:00', 'yesterday']) {
      const mapped = mapMember(member({ user_registered: missing }), {});
      expect(mapped).toMatchObject({ kind: 'upsert' });
      expect(mapped.kind === 'upsert' && mapped.record.registeredAt).toBeUndefined();
    }
  });

  it('gives the status of the role: association-member ACTIVE, pending-review PENDING, administrator ACTIVE ADMIN, other INACTIVE', () => {
    expect(membershipOf('association-member')).toEqual({ status: 'ACTIVE', role: '' });
    expect(membershipOf('pending-review')).toEqual({ status: 'PENDING', role: '' });
    expect(membershipOf('administrator')).toEqual({ status: 'ACTIVE', role: 'ADMIN' });
    for (const other of ['subscriber', 'lapsed-member', 'editor', 'author', '']) expect(membershipOf(other)).toEqual({ status: 'INACTIVE', role: '' });
    expect(mapMember(member({ role: undefined, roles: ['pending-review'] }), {})).toMatchObject({ record: { status: 'PENDING' } });
  });

  it('keeps missing fields empty, reads loose flags, and fails a member without an email address', () => {
    const bare = mapMember({ id: 7, user_email: 'x@example.org', role: 'subscriber', first_name: null, is_certified: '1', is_exclude_listing: 'yes' }, {});
    expect(bare).toMatchObject({ record: { firstName: 'X', lastName: '-', jobTitle: '', isCertified: true, isExcludedFromListing: true, status: 'INACTIVE' } });
    expect(mapMember(member({ user_email: '', email: '' }), {})).toEqual({ kind: 'failed', externalId: '2', message: 'the member has no email address' });
    expect(mapMember({ user_email: 'a@b.c' }, {})).toMatchObject({ kind: 'failed', message: 'the record has no id' });
  });

  it('names a member without first or last name from its other fields, and says so in the note of its line', () => {
    // The site's every hundredth member: an account made before the plugin, without any member meta.
    const unnamed = mapMember(member({ first_name: null, last_name: null, display_name: 'Olivia Brown', user_nicename: 'oliviabrown13' }), {});
    expect(unnamed).toMatchObject({
      kind: 'upsert',
      record: { firstName: 'Olivia', lastName: 'Brown', displayName: 'Olivia Brown' },
      note: 'no first or last name at the site: both taken from display_name',
    });
    expect(mapMember(member({ first_name: '  ', last_name: 'Brown', display_name: '' }), {})).toMatchObject({
      record: { firstName: 'Olivia', lastName: 'Brown' },
      note: 'no first name at the site: the first name taken from the email address',
    });
    expect(mapMember(member(), {})).not.toHaveProperty('note');
  });

  it('reads a remapped field from the source key the connector names', () => {
    expect(mapMember(member({ position: 'Director' }), { 'MEMBERS.jobTitle': 'position' })).toMatchObject({ record: { jobTitle: 'Director' } });
  });
});

describe('the article mapping (spec 2 Article)', () => {
  const post = {
    id: 10,
    post_status: 'publish',
    post_title: 'Annual General Meeting &amp; Awards Night',
    post_name: 'agm',
    post_content: '<!-- wp:paragraph -->\n<p>A</p>\n<!-- /wp:paragraph -->',
    post_excerpt: '',
    post_date_gmt: '2025-02-10 23:00:00',
    post_modified_gmt: '2025-02-12 01:30:00',
    featured_image: { url: 'https://s/full.png' },
    featured_image_url: 'https://s/full.png',
    author: { id: 1, display_name: 'Site Administrator', user_email: 'admin@association.example' },
    categories: [{ name: 'News' }, { name: 'Events' }],
    tags: [{ name: 'agm' }, { name: 'awards' }],
  };

  it('sends the markup raw (content parses the blocks and the 30-word summary), the first category, all tags and the source dates', () => {
    expect(mapArticle(post, {})).toEqual({
      kind: 'upsert',
      externalId: '10',
      record: {
        externalId: '10',
        title: 'Annual General Meeting &amp; Awards Night',
        content: post.post_content,
        excerpt: '',
        slug: 'agm',
        status: 'PUBLISHED',
        featuredImageUrl: 'https://s/full.png',
        authorName: 'Site Administrator',
        authorEmail: 'admin@association.example',
        category: 'News',
        tags: ['agm', 'awards'],
        sourceCreatedAt: new Date('2025-02-10T23:00:00Z'),
        sourceUpdatedAt: new Date('2025-02-12T01:30:00Z'),
        membersOnly: false,
      },
    });
  });

  it('publish gives PUBLISHED, anything else DRAFT; the full-size image when only the object is there', () => {
    expect(['publish', 'draft', 'private', 'trash', 'future'].map(articleStatus)).toEqual(['PUBLISHED', 'DRAFT', 'DRAFT', 'DRAFT', 'DRAFT']);
    expect(mapArticle({ ...post, featured_image_url: null, categories: [], tags: [] }, {})).toMatchObject({
      record: { featuredImageUrl: 'https://s/full.png', category: '', tags: [] },
    });
  });
});

describe('the event and conference mapping (spec 2 Event, Conference)', () => {
  /** Before the events below: they are still to come. */
  const BEFORE = new Date('2026-01-01T00:00:00Z');
  const ev = {
    id: 20,
    post_status: 'publish',
    post_title: 'Networking Breakfast',
    post_content: '<p>Coffee</p>',
    post_excerpt: 'Start your day',
    post_date_gmt: '2025-11-03 04:15:00',
    post_modified_gmt: '2026-01-20 22:05:09',
    _event_date_time_start: Date.UTC(2026, 2, 14, 7, 30),
    _event_date_time_end: Date.UTC(2026, 2, 14, 9, 0),
    _event_all_day: false,
    _event_is_virtual: false,
    _event_cost: '$25',
    _event_url: 'https://tickets.example.org/e',
    _event_attending_count: 42,
    _location_name: null,
    _location_address: 'Merivale St',
    _location_city: 'South Brisbane',
    _location_state: 'QLD',
    _location_zip_code: '4101',
    _location_country: null,
    featured_image_url: 'https://s/e.png',
  };

  it('turns local Unix milliseconds into ISO 8601 UTC through the offset, and maps every field', () => {
    const mapped = mapEvent(ev, 'EVENTS', 600, {}, BEFORE);
    expect(mapped).toMatchObject({
      kind: 'upsert',
      record: {
        externalId: '20',
        status: 'PUBLISHED',
        needsReview: false,
        attendingCount: 42,
        sourceCreatedAt: new Date('2025-11-03T04:15:00Z'),
        sourceUpdatedAt: new Date('2026-01-20T22:05:09Z'),
        event: {
          title: 'Networking Breakfast',
          description: '<p>Coffee</p>',
          excerpt: 'Start your day',
          startDate: '2026-03-13T21:30:00.000Z',
          endDate: '2026-03-13T23:00:00.000Z',
          eventType: 'IN_PERSON',
          isAllDay: false,
          isVirtual: false,
          cost: '$25',
          registrationUrl: 'https://tickets.example.org/e',
          address: { street: 'Merivale St', city: 'South Brisbane', province: 'QLD', postalCode: '4101', country: '' },
          featuredImageUrl: 'https://s/e.png',
        },
      },
    });
    expect(mapEvent(ev, 'EVENTS', -210, {}, BEFORE)).toMatchObject({ record: { event: { startDate: '2026-03-14T11:00:00.000Z' } } });
  });

  it('applies the status rules: publish, draft, private flagged for review, trash not imported', () => {
    expect(eventStatus('publish')).toEqual({ status: 'PUBLISHED', needsReview: false });
    expect(eventStatus('draft')).toEqual({ status: 'DRAFT', needsReview: false });
    expect(eventStatus('private')).toEqual({ status: 'DRAFT', needsReview: true });
    expect(eventStatus('trash')).toBe('not-imported');
    // A published event already over is COMPLETED, as the platform makes it; a draft stays a draft.
    expect(eventStatus('publish', true)).toEqual({ status: 'COMPLETED', needsReview: false });
    expect(eventStatus('draft', true)).toEqual({ status: 'DRAFT', needsReview: false });
    expect(mapEvent(ev, 'EVENTS', 600, {}, new Date('2026-03-13T23:00:00Z'))).toMatchObject({ record: { status: 'COMPLETED' } });
    expect(mapEvent(ev, 'EVENTS', 600, {}, new Date('2026-03-13T22:59:59Z'))).toMatchObject({ record: { status: 'PUBLISHED' } });
    expect(mapEvent({ ...ev, post_status: 'trash' }, 'EVENTS', 600, {}, BEFORE)).toEqual({
      kind: 'skip',
      externalId: '20',
      message: 'in the trash: not imported',
    });
  });

  it('types a virtual event VIRTUAL (HYBRID with a place), a conference CONFERENCE from its own meta keys', () => {
    const online = { ...ev, _event_is_virtual: true, _location_address: null, _location_city: null, _location_state: null, _location_zip_code: null };
    expect(mapEvent(online, 'EVENTS', 0, {}, BEFORE)).toMatchObject({ record: { event: { eventType: 'VIRTUAL', isVirtual: true } } });
    expect(mapEvent({ ...ev, _event_is_virtual: true }, 'EVENTS', 0, {}, BEFORE)).toMatchObject({ record: { event: { eventType: 'HYBRID' } } });
    const conf = {
      id: 30,
      post_status: 'publish',
      post_title: 'National Conference',
      _conference_date_time_start: Date.UTC(2026, 7, 19, 9, 0),
      _conference_date_time_end: Date.UTC(2026, 7, 21, 17, 0),
      _conference_all_day: '1',
      _conference_is_virtual: false,
      _conference_cost: '$450',
      _conference_url: 'https://conference.example.org',
      post_date_gmt: '2025-09-01 00:00:00',
      post_modified_gmt: '2025-12-24 13:45:00',
    };
    expect(mapEvent(conf, 'CONFERENCES', 600, {}, BEFORE)).toMatchObject({
      record: {
        attendingCount: 0,
        sourceCreatedAt: new Date('2025-09-01T00:00:00Z'),
        sourceUpdatedAt: new Date('2025-12-24T13:45:00Z'),
        event: {
          eventType: 'CONFERENCE',
          startDate: '2026-08-18T23:00:00.000Z',
          endDate: '2026-08-21T07:00:00.000Z',
          isAllDay: true,
          cost: '$450',
          registrationUrl: 'https://conference.example.org',
        },
      },
    });
  });

  it('sends no source dates the site does not give (missing, zero or not a date): the events service then uses now', () => {
    const undated = mapEvent({ ...ev, post_date_gmt: null, post_modified_gmt: '0000-00-00 00:00:00' }, 'EVENTS', 600, {}, BEFORE);
    expect(undated).toMatchObject({ kind: 'upsert' });
    expect(undated.kind === 'upsert' && [undated.record.sourceCreatedAt, undated.record.sourceUpdatedAt]).toEqual([undefined, undefined]);
    const garbled = mapEvent({ ...ev, post_modified_gmt: 'yesterday' }, 'EVENTS', 600, {}, BEFORE);
    expect(garbled.kind === 'upsert' && garbled.record.sourceUpdatedAt).toBeUndefined();
  });

  it('ends an event without an end an hour after its start (a day when all-day), and fails one without a start', () => {
    expect(mapEvent({ ...ev, _event_date_time_end: null }, 'EVENTS', 0, {}, BEFORE)).toMatchObject({
      record: { event: { endDate: '2026-03-14T08:30:00.000Z' } },
    });
    expect(mapEvent({ ...ev, _event_date_time_end: null, _event_all_day: true }, 'EVENTS', 0, {}, BEFORE)).toMatchObject({
      record: { event: { endDate: '2026-03-15T07:30:00.000Z' } },
    });
    expect(mapEvent({ ...ev, _event_date_time_start: null }, 'EVENTS', 0, {}, BEFORE)).toEqual({
      kind: 'failed',
      externalId: '20',
      message: 'no start time (_event_date_time_start)',
    });
  });
});

describe('the document mapping (spec 2 Document)', () => {
  const doc = (type: string, extra: Record<string, unknown> = {}) => ({
    id: 40,
    post_type: type,
    post_status: 'publish',
    post_title: 'Board minutes',
    post_date_gmt: '2024-08-30 06:00:00',
    post_modified_gmt: '2025-03-02 10:11:12',
    [`_${type}_file`]: 'https://s/wp-content/uploads/minutes.PDF?ver=2',
    folder_taxonomy: `${type}_folder`,
    folders: [{ term_id: 9, name: '2025', parent: 8, taxonomy: `${type}_folder`, path: ['Board', 'Minutes', '2025'] }],
    ...extra,
  });

  it('takes the title, the file of its post type, the MIME type from the extension, the folder hierarchy top first and the source dates', () => {
    const mapped = mapDocument(doc('policy'), {});
    expect(mapped).toEqual({
      kind: 'upsert',
      externalId: '40',
      record: {
        document: {
          externalId: '40',
          name: 'Board minutes',
          fileUrl: 'https://s/wp-content/uploads/minutes.PDF?ver=2',
          fileName: '',
          mimeType: 'application/pdf',
          fileSize: '0',
          access: 'MEMBERS_ONLY',
          folderExternalId: 'policy_folder:Board/Minutes/2025',
          sourceCreatedAt: new Date('2024-08-30T06:00:00Z'),
          sourceUpdatedAt: new Date('2025-03-02T10:11:12Z'),
        },
        folders: [
          { externalId: 'policy_folder:Board', name: 'Board', parentExternalId: '' },
          { externalId: 'policy_folder:Board/Minutes', name: 'Minutes', parentExternalId: 'policy_folder:Board' },
          { externalId: 'policy_folder:Board/Minutes/2025', name: '2025', parentExternalId: 'policy_folder:Board/Minutes' },
        ],
      },
    });
  });

  it('puts a document without a term in the root folder of its type (Document, Policy, Recall)', () => {
    for (const [type, name] of [
      ['document', 'Document'],
      ['policy', 'Policy'],
      ['recall', 'Recall'],
    ]) {
      expect(folderChain({ post_type: type, folders: [] })).toEqual([{ externalId: `root:${type}`, name, parentExternalId: '' }]);
    }
  });

  it('keeps a non-published document PRIVATE, sends no dates the site does not give, and fails one without a file', () => {
    expect(mapDocument(doc('recall', { post_status: 'draft' }), {})).toMatchObject({ record: { document: { access: 'PRIVATE' } } });
    const undated = mapDocument(doc('document', { post_date_gmt: '', post_modified_gmt: undefined }), {});
    expect(undated.kind === 'upsert' && [undated.record.document.sourceCreatedAt, undated.record.document.sourceUpdatedAt]).toEqual([undefined, undefined]);
    expect(mapDocument(doc('document', { _document_file: null, file_url: null }), {})).toEqual({
      kind: 'failed',
      externalId: '40',
      message: 'no file (_document_file)',
    });
  });
});

describe('the company mapping (spec 2 Company)', () => {
  it('maps name, description, website, phone, email, logo and status', () => {
    const post = {
      id: 50,
      post_status: 'draft',
      post_title: 'Coastal Building',
      post_content: '<p>Builders</p>',
      _company_url: 'https://c.example.com',
      _company_phone: '(07) 5500 1234',
      _company_email: 'info@c.example.com',
      featured_image_url: 'https://s/logo.png',
    };
    expect(mapCompany(post, {})).toEqual({
      kind: 'upsert',
      externalId: '50',
      record: {
        externalId: '50',
        companyName: 'Coastal Building',
        description: '<p>Builders</p>',
        website: 'https://c.example.com',
        contactPhone: '(07) 5500 1234',
        contactEmail: 'info@c.example.com',
        logoUrl: 'https://s/logo.png',
        status: 'DRAFT',
      },
    });
    expect(mapCompany({ ...post, post_status: 'publish' }, {})).toMatchObject({ record: { status: 'PUBLISHED' } });
  });
});

describe('the notification mapping (spec 2 Notification)', () => {
  const notification = (extra: Record<string, unknown> = {}) => ({
    id: 90,
    post_type: 'notification',
    post_status: 'publish',
    post_title: 'Renewals &amp; awards',
    post_excerpt: 'Don&#8217;t miss out &amp; tell a colleague &#x2014; &hellip;',
    post_date: '2025-03-02 08:30:00',
    post_date_gmt: '2025-03-01 22:30:00',
    _notification_type: 'notification',
    ...extra,
  });
  const mapped = (extra: Record<string, unknown> = {}, mappings: Record<string, string> = {}) => {
    const m = mapNotification(notification(extra), mappings);
    if (m.kind !== 'upsert') throw new Error(`not an upsert: ${m.kind}`);
    return m.record;
  };

  it('decodes HTML entities in title and body, and takes the UTC post date as when it was sent', () => {
    expect(mapped()).toEqual({
      externalId: '90',
      title: 'Renewals & awards',
      body: 'Don’t miss out & tell a colleague — …',
      sentAt: new Date('2025-03-01T22:30:00Z'),
      data: { type: 'notification', link: null },
    });
  });

  it('gives the link by type: post-type {type, id, slug}, external-link {type, url}, website-page {type, slug}, notification null', () => {
    expect(
      mapped({ _notification_type: 'post-type', _notification_link_post_id: 12, _notification_link_post_type: 'event', _notification_link_post_slug: 'agm' })
        .data,
    ).toEqual({ type: 'post-type', link: { type: 'event', id: 12, slug: 'agm' } });
    expect(mapped({ _notification_type: 'external-link', _notification_link_url: 'https://example.org/x?a=1' }).data).toEqual({
      type: 'external-link',
      link: { type: 'external-link', url: 'https://example.org/x?a=1' },
    });
    expect(mapped({ _notification_type: 'website-page', _notification_link_page: 'about-us' }).data).toEqual({
      type: 'website-page',
      link: { type: 'website-page', slug: 'about-us' },
    });
    expect(mapped({ _notification_type: 'something-else' }).data).toEqual({ type: 'something-else', link: null });
    expect(mapped({ _notification_type: null }).data).toEqual({ type: 'notification', link: null });
  });

  it('skips a notification the site never sent (not published), fails one without an id, and reads remapped fields', () => {
    expect(mapNotification(notification({ post_status: 'draft' }), {})).toMatchObject({
      kind: 'skip',
      externalId: '90',
      message: expect.stringMatching(/never sent/),
    });
    expect(mapNotification(notification({ id: null }), {})).toMatchObject({ kind: 'failed' });
    expect(mapped({ subtitle: 'Other &lt;b&gt;' }, { 'NOTIFICATIONS.body': 'subtitle' }).body).toBe('Other <b>');
  });

  it('decodes every named, decimal and hex character reference closed by ";", leaving unknown names, unclosed ones and tags alone', () => {
    const title = (postTitle: string) => mapped({ post_title: postTitle }).title;
    expect(title('a &amp;amp; b &#39;c&#39; &#X27;d&#x27; &nbsp;&euro; &eacute;&Eacute;')).toBe("a &amp; b 'c' 'd' \u00a0€ éÉ");
    expect(title('&bogus; AT&T &copy2025 <b>x</b>')).toBe('&bogus; AT&T &copy2025 <b>x</b>');
    // As a browser reads them: a null or surrogate code point is the replacement character.
    expect(title('&#0; &#xD800;')).toBe('\ufffd \ufffd');
  });
});

describe('source values', () => {
  it('reads CMS GMT dates, local milliseconds, flags, text and MIME types', () => {
    expect(gmtDate('2025-02-10 23:00:00')).toEqual(new Date('2025-02-10T23:00:00Z'));
    expect([gmtDate('0000-00-00 00:00:00'), gmtDate(null), gmtDate('2025-02-30 00:00:00')]).toEqual([undefined, undefined, undefined]);
    expect(localMillisToUtc(Date.UTC(2026, 0, 1, 10), 600)).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(localMillisToUtc('1767261600000', 0)).toEqual(new Date(1767261600000));
    expect(localMillisToUtc(null, 0)).toBeUndefined();
    expect([true, 1, '1', 'true', 'Yes', 'on'].map(flag)).toEqual([true, true, true, true, true, true]);
    expect([false, 0, '', null, undefined, '0', 'no'].map(flag)).toEqual([false, false, false, false, false, false, false]);
    expect([text(null), text(5), text('a')]).toEqual(['', '5', 'a']);
    expect(mimeTypeOf('https://s/a/form.docx?ver=2')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(mimeTypeOf('https://s/a/noext')).toBe('application/octet-stream');
  });
});
