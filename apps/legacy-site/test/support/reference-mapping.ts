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
  return text.replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d))).replace(/&([a-z]+);/g, (m, n) => named[n] ?? m);
}

/*
 * Article content (rules.articleContent of the expected values): post_content "parsed into content
 * blocks". A small tokenizer, enough for the CMS's own well-formed output: tags (quoted attribute
 * values may hold `>`), comments, raw-text elements (script, style, textarea, title), text.
 */

type Token =
  | { kind: 'text' | 'comment' | 'other'; raw: string }
  | { kind: 'start'; raw: string; name: string; closed: boolean }
  | { kind: 'end'; raw: string; name: string };

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
/** Elements that make a block worth keeping without any text. */
const EMBEDDED = new Set(['img', 'picture', 'video', 'audio', 'iframe', 'embed', 'object', 'svg', 'canvas', 'hr']);
/** A block delimiter as the CMS's block parser reads it: `<!-- wp:ns/name {json} -->`, `<!-- /wp:name -->`, `<!-- wp:name {json} /-->`. */
const DELIMITER = /^<!--\s+(\/)?wp:(?:[a-z][a-z0-9_-]*\/)?[a-z][a-z0-9_-]*\s+(?:\{[\s\S]*?\}\s+)?(\/)?-->$/;
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;
const trimHtml = (html: string) => html.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');

function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  let text = '';
  const flush = () => {
    if (text !== '') tokens.push({ kind: 'text', raw: text });
    text = '';
  };
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      text += html.slice(i);
      break;
    }
    text += html.slice(i, lt);
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end === -1 ? html.length : end + 3;
      flush();
      tokens.push({ kind: 'comment', raw: html.slice(lt, i) });
      continue;
    }
    TAG.lastIndex = lt;
    const tag = TAG.exec(html);
    if (!tag) {
      if (html.startsWith('<!', lt) || html.startsWith('<?', lt)) {
        const end = html.indexOf('>', lt);
        i = end === -1 ? html.length : end + 1;
        flush();
        tokens.push({ kind: 'other', raw: html.slice(lt, i) });
      } else {
        text += '<';
        i = lt + 1;
      }
      continue;
    }
    flush();
    const name = tag[2]!.toLowerCase();
    i = TAG.lastIndex;
    if (tag[1]) {
      tokens.push({ kind: 'end', raw: tag[0], name });
      continue;
    }
    tokens.push({ kind: 'start', raw: tag[0], name, closed: VOID.has(name) || /\/\s*$/.test(tag[3]!) });
    if (RAW_TEXT.has(name)) {
      const close = new RegExp(`</${name}[\\t\\n\\f\\r />]`, 'ig');
      close.lastIndex = i;
      const end = close.exec(html)?.index ?? html.length;
      if (end > i) tokens.push({ kind: 'other', raw: html.slice(i, end) });
      i = end;
    }
  }
  flush();
  return tokens;
}

/** Comments of every kind are removed; the rest is kept as written. */
const htmlOf = (tokens: Token[]) =>
  trimHtml(
    tokens
      .filter((t) => t.kind !== 'comment')
      .map((t) => t.raw)
      .join(''),
  );

function isEmpty(tokens: Token[]): boolean {
  if (tokens.some((t) => t.kind === 'start' && EMBEDDED.has(t.name))) return false;
  const text = tokens
    .filter((t) => t.kind === 'text')
    .map((t) => t.raw)
    .join(' ');
  return decode(text).replace(/[\s\u00a0]+/g, '') === '';
}

/** Classic HTML: one block per top-level element; text outside any element is a block of its own. */
function classicBlocks(tokens: Token[]): Token[][] {
  const blocks: Token[][] = [];
  const open: string[] = [];
  let current: Token[] = [];
  for (const t of tokens) {
    if (t.kind === 'comment') continue;
    if (open.length === 0) {
      if (t.kind === 'start' && !t.closed) {
        open.push(t.name);
        current = [t];
      } else if (t.kind !== 'end') {
        blocks.push([t]); // a void element, stray text (whitespace-only is dropped as empty), a doctype
      }
      continue;
    }
    current.push(t);
    if (t.kind === 'start' && !t.closed) open.push(t.name);
    if (t.kind === 'end' && open.includes(t.name)) {
      open.length = open.lastIndexOf(t.name);
      if (open.length === 0) blocks.push(current);
    }
  }
  if (open.length > 0) blocks.push(current); // an element left open runs to the end
  return blocks;
}

/**
 * The blocks of post_content: each top-level block's HTML (delimiters and other comments removed,
 * inner whitespace as written, trimmed); HTML outside any block, and a post without any delimiter,
 * read as classic HTML; a block left open runs to the end; a closing delimiter with nothing open is
 * ignored; a self-closing block (`<!-- wp:latest-posts /-->`) has no HTML. Empty blocks are dropped.
 */
export function articleBlocks(postContent: string): string[] {
  const blocks: Token[][] = [];
  let outside: Token[] = [];
  let inside: Token[] = [];
  let depth = 0;
  for (const t of tokenize(postContent)) {
    const delimiter = t.kind === 'comment' ? DELIMITER.exec(t.raw) : null;
    if (!delimiter) {
      (depth > 0 ? inside : outside).push(t);
      continue;
    }
    const [, closer, selfClosing] = delimiter;
    if (depth === 0) {
      if (closer) continue;
      blocks.push(...classicBlocks(outside));
      outside = [];
      if (!selfClosing) {
        depth = 1;
        inside = [];
      }
    } else if (closer) {
      depth--;
      if (depth === 0) blocks.push(inside);
    } else if (!selfClosing) {
      depth++;
    }
  }
  if (depth > 0) blocks.push(inside);
  blocks.push(...classicBlocks(outside));
  return blocks.filter((b) => !isEmpty(b)).map(htmlOf);
}

export function articleContent(postContent: string): string {
  return articleBlocks(postContent).join('\n');
}

function summary(excerpt: string, content: string): string {
  if (excerpt !== '') return excerpt;
  const text = decode(content.replace(/<[^>]+>/g, ' '))
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
  return text.split(' ').slice(0, 30).join(' ');
}

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
};

/** Member fields taken as they are: platform field ← sync record field (spec section 2, Member). */
const MEMBER_FIELDS = {
  email: 'user_email',
  firstName: 'first_name',
  lastName: 'last_name',
  displayName: 'display_name',
  phoneNumber: 'mobile_number',
  jobTitle: 'job_title',
  company: 'company_organization',
  dateOfBirth: 'birthday',
  addressLine1: 'street_address',
  city: 'city',
  postalCode: 'zip',
  isCertified: 'is_certified',
  membershipRenewalDate: 'renewal_date',
  isExcludedFromListing: 'is_exclude_listing',
} as const;

/** Every field of a member's sync record the member mapping reads. */
export const MEMBER_SOURCE_FIELDS = [...Object.values(MEMBER_FIELDS), 'user_registered', 'role'];

export function mapMember(r: Rec): Rec {
  const status = { 'association-member': 'ACTIVE', 'pending-review': 'PENDING', administrator: 'ADMIN' }[r['role'] as string] ?? 'INACTIVE';
  return {
    externalId: String(r['id']),
    ...Object.fromEntries(Object.entries(MEMBER_FIELDS).map(([field, source]) => [field, r[source]])),
    createdAt: iso(r['user_registered']),
    status,
  };
}

export function mapArticle(r: Rec): Rec {
  const content = articleContent(r['post_content']);
  return {
    externalId: String(r['id']),
    title: r['post_title'],
    content,
    summary: summary(r['post_excerpt'], content),
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
