/**
 * A second, independent reading of the mapping tables of interface-spec section 2, applied to the
 * sync records. It exists only to check that fixtures/expected-platform-values.json (written by
 * hand) and the records the site serves agree; the connector has its own implementation.
 */

type Rec = Record<string, any>;

const iso = (cms: string | null | undefined) => (cms ? new Date(`${cms.replace(' ', 'T')}Z`).toISOString() : null);
const localMsToIso = (ms: number | null, offsetMinutes: number) => (ms === null ? null : new Date(ms - offsetMinutes * 60_000).toISOString());

function decode(text: string): string {
  const named: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', nbsp: ' ', hellip: '…', mdash: '—', ndash: '–', rsquo: '’' };
  return text
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&([a-z]+);/g, (m, n) => named[n] ?? m);
}

function summary(excerpt: string, content: string): string {
  if (excerpt !== '') return excerpt;
  const text = decode(content.replace(/<[^>]+>/g, ' ')).replace(/[\s\u00a0]+/g, ' ').trim();
  return text.split(' ').slice(0, 30).join(' ');
}

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
};

export function mapMember(r: Rec): Rec {
  const status = { 'association-member': 'ACTIVE', 'pending-review': 'PENDING', administrator: 'ADMIN' }[r['role'] as string] ?? 'INACTIVE';
  return {
    externalId: String(r['id']),
    email: r['user_email'],
    firstName: r['first_name'],
    lastName: r['last_name'],
    displayName: r['display_name'],
    phoneNumber: r['mobile_number'],
    jobTitle: r['job_title'],
    company: r['company_organization'],
    dateOfBirth: r['birthday'],
    addressLine1: r['street_address'],
    city: r['city'],
    postalCode: r['zip'],
    isCertified: r['is_certified'],
    membershipRenewalDate: r['renewal_date'],
    isExcludedFromListing: r['is_exclude_listing'],
    createdAt: iso(r['user_registered']),
    status,
  };
}

export function mapArticle(r: Rec): Rec {
  return {
    externalId: String(r['id']),
    title: r['post_title'],
    content: r['post_content'],
    summary: summary(r['post_excerpt'], r['post_content']),
    slug: r['post_name'],
    status: r['post_status'] === 'publish' ? 'PUBLISHED' : 'DRAFT',
    featuredImageUrl: r['featured_image']?.sizes?.full?.url ?? null,
    authorName: r['author']?.display_name ?? null,
    authorEmail: r['author']?.user_email ?? null,
    category: r['categories'][0]?.name ?? null,
    tags: r['tags'].map((t: Rec) => t['name']),
    sourceCreatedAt: iso(r['post_date_gmt']),
    sourceUpdatedAt: iso(r['post_modified_gmt']),
  };
}

export function mapEvent(r: Rec, offsetMinutes: number, prefix: '_event' | '_conference'): Rec {
  if (r['post_status'] === 'trash') return { externalId: String(r['id']), imported: false };
  return {
    externalId: String(r['id']),
    imported: true,
    ...(prefix === '_conference' ? { eventType: 'CONFERENCE' } : {}),
    title: r['post_title'],
    description: r['post_content'],
    excerpt: r['post_excerpt'],
    startDate: localMsToIso(r[`${prefix}_date_time_start`], offsetMinutes),
    endDate: localMsToIso(r[`${prefix}_date_time_end`], offsetMinutes),
    isAllDay: r[`${prefix}_all_day`] === true,
    isVirtual: r[`${prefix}_is_virtual`] === true,
    cost: r[`${prefix}_cost`],
    registrationUrl: r[`${prefix}_url`],
    location: { address: r['_location_address'], city: r['_location_city'], state: r['_location_state'], postalCode: r['_location_zip_code'] },
    featuredImageUrl: r['featured_image_url'],
    attendingCount: prefix === '_event' ? r['_event_attending_count'] : null,
    status: r['post_status'] === 'publish' ? 'PUBLISHED' : 'DRAFT',
    needsReview: r['post_status'] === 'private',
    createdAt: iso(r['post_date_gmt']),
    updatedAt: iso(r['post_modified_gmt']),
  };
}

export function mapDocument(r: Rec): Rec {
  const fileUrl: string | null = r[`_${r['post_type']}_file`];
  const ext = fileUrl ? fileUrl.split('?')[0]!.split('.').pop()! : null;
  const term = r['folders'][0];
  const root = String(r['post_type']).charAt(0).toUpperCase() + String(r['post_type']).slice(1);
  return {
    externalId: String(r['id']),
    postType: r['post_type'],
    title: r['post_title'],
    fileUrl,
    mimeType: ext ? MIME[ext] : null,
    folder: term ? { name: term.name, path: term.path } : { name: root, path: [root] },
    status: r['post_status'] === 'publish' ? 'PUBLISHED' : 'DRAFT',
    uploadedAt: iso(r['post_date_gmt']),
    updatedAt: iso(r['post_modified_gmt']),
  };
}

export function mapCompany(r: Rec): Rec {
  return {
    externalId: String(r['id']),
    companyName: r['post_title'],
    description: r['post_content'],
    website: r['_company_url'],
    contactPhone: r['_company_phone'],
    contactEmail: r['_company_email'],
    logoUrl: r['featured_image_url'],
    status: r['post_status'] === 'publish' ? 'PUBLISHED' : 'DRAFT',
  };
}

export function mapNotification(r: Rec, offsetMinutes: number): Rec {
  const type = r['_notification_type'];
  const link =
    type === 'post-type'
      ? { type: r['_notification_link_post_type'], id: r['_notification_link_post_id'], slug: r['_notification_link_post_slug'] }
      : type === 'external-link'
        ? { type, url: r['_notification_link_url'] }
        : type === 'website-page'
          ? { type, slug: r['_notification_link_page'] }
          : null;
  const localAsUtc = new Date(`${String(r['post_date']).replace(' ', 'T')}Z`).getTime();
  return {
    externalId: String(r['id']),
    title: decode(r['post_title']),
    content: decode(r['post_excerpt']),
    date: new Date(localAsUtc - offsetMinutes * 60_000).toISOString(),
    type,
    link,
  };
}
