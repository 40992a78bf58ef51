import { formatCmsDate, parseUtcOffset } from '../domain/dates';
import { FILE_META_KEY, FOLDER_TAXONOMY, ROLE_ADMIN, ROLE_MEMBER, ROLE_PENDING, type DocumentType } from '../domain/content-types';
import { Prng, seedOf } from './prng';
import type { SeedDeeplinkKey, SeedPost, SeedTerm, SeedUser, SiteData } from './site-data';
import * as V from './vocabulary';

export interface SeedSizes {
  members: number;
  articles: number;
  events: number;
  conferences: number;
  documents: number;
  companies: number;
  notifications: number;
  pages: number;
}

export const SEED_PRESETS: Record<'tiny' | 'small' | 'demo' | 'load', SeedSizes> = {
  tiny: { members: 12, articles: 8, events: 6, conferences: 2, documents: 10, companies: 4, notifications: 8, pages: 4 },
  small: { members: 60, articles: 40, events: 16, conferences: 4, documents: 30, companies: 12, notifications: 16, pages: 8 },
  demo: { members: 2000, articles: 500, events: 80, conferences: 8, documents: 150, companies: 60, notifications: 60, pages: 8 },
  load: { members: 100_000, articles: 20_000, events: 1000, conferences: 50, documents: 2000, companies: 500, notifications: 500, pages: 8 },
};

export interface GenerateOptions {
  seed: number;
  sizes: SeedSizes;
  /** The site's UTC offset (`+10:00`): event times are local wall-clock milliseconds. */
  timezone: string;
  /** Password of every generated member (one bcrypt hash for all). */
  memberPassword?: string;
  /** Password of user 1, `admin`. */
  adminPassword?: string;
  /** Dates are spread around this instant, not the clock, so runs are identical. */
  reference?: Date;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
export const DEFAULT_REFERENCE = new Date(Date.UTC(2026, 0, 1));
export const DEFAULT_MEMBER_PASSWORD = 'password';
export const DEFAULT_ADMIN_PASSWORD = 'admin';

export function slugify(text: string): string {
  const slug = text
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'untitled';
}

/** Slugs unique per post type, as the CMS makes them (`name`, `name-2`, …). */
class SlugRegistry {
  private readonly seen = new Map<string, Map<string, number>>();
  take(type: string, base: string): string {
    const perType = this.seen.get(type) ?? new Map<string, number>();
    this.seen.set(type, perType);
    const n = (perType.get(base) ?? 0) + 1;
    perType.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  }
}

const ENTITY_SNIPPETS = ['&amp;', '&#8217;', '&nbsp;', '&quot;', '&#8211;', '&hellip;'];

function sentence(rng: Prng, min = 6, max = 16): string {
  const words = Array.from({ length: rng.int(min, max) }, () => rng.pick(V.WORDS));
  let text = words.join(' ');
  if (rng.chance(0.25)) text = text.replace(' ', ` ${rng.pick(ENTITY_SNIPPETS)} `);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function paragraph(rng: Prng): string {
  return Array.from({ length: rng.int(2, 5) }, () => sentence(rng)).join(' ');
}

type ContentPart = { kind: 'paragraph' | 'heading'; html: string } | { kind: 'list'; items: string[] } | { kind: 'image'; src: string };

function contentParts(rng: Prng, paragraphs: number, siteImage?: string): ContentPart[] {
  const parts: ContentPart[] = [];
  for (let i = 0; i < paragraphs; i++) {
    if (i === 1 && rng.chance(0.3)) parts.push({ kind: 'heading', html: sentence(rng, 3, 6).replace(/\.$/, '') });
    if (i === 2 && rng.chance(0.3)) parts.push({ kind: 'list', items: Array.from({ length: 3 }, () => sentence(rng, 3, 8)) });
    if (i === 1 && siteImage) parts.push({ kind: 'image', src: `/wp-content/uploads/${siteImage}` });
    parts.push({ kind: 'paragraph', html: paragraph(rng) });
  }
  return parts;
}

/** Classic HTML, as the CMS stored posts before its block editor. */
function classicHtml(parts: ContentPart[]): string {
  return parts
    .map((part) => {
      if (part.kind === 'heading') return `<h2>${part.html}</h2>`;
      if (part.kind === 'list') return `<ul>${part.items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
      if (part.kind === 'image') return `<p><img src="${part.src}" alt="" /></p>`;
      return `<p>${part.html}</p>`;
    })
    .join('\n');
}

function htmlContent(rng: Prng, paragraphs: number, siteImage?: string): string {
  return classicHtml(contentParts(rng, paragraphs, siteImage));
}

const EMPTY_PARAGRAPH_BLOCK = '<!-- wp:paragraph -->\n<p></p>\n<!-- /wp:paragraph -->';

/**
 * Block markup, as the CMS's block editor stores it: each block's HTML between `<!-- wp:name -->`
 * delimiters, blocks separated by a blank line, list items as inner blocks. `emptyParagraph` adds
 * the empty paragraph block the editor leaves behind when Enter is pressed at the end.
 */
function blockMarkup(parts: ContentPart[], emptyParagraph = false): string {
  const blocks = parts.map((part) => {
    if (part.kind === 'heading') return `<!-- wp:heading -->\n<h2 class="wp-block-heading">${part.html}</h2>\n<!-- /wp:heading -->`;
    if (part.kind === 'list') {
      const items = part.items.map((item) => `<!-- wp:list-item -->\n<li>${item}</li>\n<!-- /wp:list-item -->`).join('\n\n');
      return `<!-- wp:list -->\n<ul class="wp-block-list">${items}</ul>\n<!-- /wp:list -->`;
    }
    if (part.kind === 'image') {
      return `<!-- wp:image -->\n<figure class="wp-block-image"><img src="${part.src}" alt=""/></figure>\n<!-- /wp:image -->`;
    }
    return `<!-- wp:paragraph -->\n<p>${part.html}</p>\n<!-- /wp:paragraph -->`;
  });
  if (emptyParagraph) blocks.push(EMPTY_PARAGRAPH_BLOCK);
  return blocks.join('\n\n');
}

/**
 * An article's post_content: four in five in block markup (one in seven of those ending with an
 * empty paragraph block), one in five classic HTML from before the block editor. The random draws
 * do not depend on the markup (a very long article is filled to 150,000 characters of its classic
 * form), so the text and everything generated after it are the same either way.
 */
function articleContent(rng: Prng, i: number, veryLong: boolean): string {
  const classic = i % 5 === 2;
  const first = contentParts(rng, rng.int(3, 9));
  let content = classic ? classicHtml(first) : blockMarkup(first, i % 7 === 4);
  let classicLength = classicHtml(first).length;
  while (veryLong && classicLength < 150_000) {
    const more = contentParts(rng, 20);
    classicLength += 1 + classicHtml(more).length;
    content += classic ? `\n${classicHtml(more)}` : `\n\n${blockMarkup(more)}`;
  }
  return content;
}

/** The item at a position, cycling through the list. */
function rngless<T>(items: readonly T[], i: number): T {
  return items[i % items.length] as T;
}

function cmsDate(ms: number): string {
  return formatCmsDate(new Date(ms));
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A past instant: up to `maxDays` before the reference, at a whole second. */
function pastInstant(rng: Prng, reference: number, maxDays: number): number {
  return reference - rng.int(1, maxDays) * DAY + rng.int(0, DAY / 1000 - 1) * 1000;
}

function modifiedAfter(rng: Prng, created: number, reference: number): number {
  if (rng.chance(0.4)) return created;
  return Math.min(reference - 1000, created + rng.int(0, 200) * DAY + rng.int(0, 86_399) * 1000);
}

interface Folders {
  terms: SeedTerm[];
  byTaxonomy: Record<string, number[]>;
}

function buildTerms(): { terms: SeedTerm[]; categories: number[]; tags: number[]; folders: Folders } {
  const terms: SeedTerm[] = [];
  let id = 0;
  const add = (taxonomy: string, name: string, parent: number | null = null) => {
    id += 1;
    terms.push({ term_id: id, taxonomy, name, slug: slugify(name), parent });
    return id;
  };
  const categories = V.CATEGORIES.map((name) => add('category', name));
  const tags = V.TAGS.map((name) => add('post_tag', name));
  const folderTerms: Record<string, number[]> = { document_folder: [], policy_folder: [], recall_folder: [] };
  const folder = (taxonomy: string, name: string, parent: number | null = null) => {
    const termId = add(taxonomy, name, parent);
    (folderTerms[taxonomy] ??= []).push(termId);
    return termId;
  };
  const board = folder('document_folder', 'Board');
  const minutes = folder('document_folder', 'Minutes', board);
  folder('document_folder', '2024', minutes);
  folder('document_folder', '2025', minutes);
  folder('document_folder', 'Agendas', board);
  folder('document_folder', 'Forms &amp; Templates');
  const guides = folder('document_folder', 'Guides');
  folder('document_folder', 'Member Guides', guides);
  const governance = folder('policy_folder', 'Governance');
  folder('policy_folder', 'Constitution', governance);
  folder('policy_folder', 'Workplace');
  const recalls = folder('recall_folder', 'Product Recalls');
  folder('recall_folder', '2024', recalls);
  folder('recall_folder', '2025', recalls);
  folder('recall_folder', 'Safety Notices');
  return { terms, categories, tags, folders: { terms, byTaxonomy: folderTerms } };
}

/**
 * A whole association site from a seed: the same seed and sizes give the same rows on every run.
 * Users and posts are produced lazily, so 100,000 members never sit in memory at once. Each entity
 * type draws from its own random stream, so changing one size leaves the other types as they were.
 *
 * Awkward cases on purpose: members without any meta, duplicate emails differing only in case,
 * accents, apostrophes and emoji in names and titles, HTML entities, empty excerpts, missing event
 * meta, all statuses (trash and private included), very long content, documents without a folder,
 * without file meta or whose file is gone (404), and notifications of every link type.
 */
export function generateSite(options: GenerateOptions): SiteData & { sizes: SeedSizes } {
  const sizes = options.sizes;
  const offsetMs = parseUtcOffset(options.timezone) * 60_000;
  const reference = (options.reference ?? DEFAULT_REFERENCE).getTime();
  const memberPassword = options.memberPassword ?? DEFAULT_MEMBER_PASSWORD;
  const adminPassword = options.adminPassword ?? DEFAULT_ADMIN_PASSWORD;
  const { terms, categories, tags, folders } = buildTerms();
  const userCount = Math.max(1, sizes.members);
  const authorIds = Array.from({ length: Math.min(3, userCount) }, (_, i) => i + 1);
  const deeplinkKeys: SeedDeeplinkKey[] = [];

  function* users(): Generator<SeedUser> {
    const rng = new Prng(seedOf(options.seed, 'members'));
    let previousEmail = '';
    for (let id = 1; id <= userCount; id++) {
      const first = rng.pick(V.FIRST_NAMES);
      const last = rng.pick(V.LAST_NAMES);
      const registered = pastInstant(rng, reference, 15 * 365);
      const modified = modifiedAfter(rng, registered, reference);
      const login = id === 1 ? 'admin' : `${slugify(first)}.${slugify(last)}.${id}`.replace(/-/g, '');
      let email = id === 1 ? 'admin@association.example' : `${login}@members.example`;
      // Every thousandth member re-uses the previous member's address in another case.
      if (id % 1000 === 8 && previousEmail) email = previousEmail.replace(/^./, (c) => c.toUpperCase()).replace('@members.example', '@Members.Example');
      previousEmail = email;
      const role =
        id === 1
          ? ROLE_ADMIN
          : id === 2
            ? 'editor'
            : id % 1000 === 9
              ? ROLE_PENDING
              : rng.weighted([
                  [ROLE_MEMBER, 86],
                  [ROLE_PENDING, 6],
                  ['subscriber', 4],
                  ['lapsed-member', 3],
                  [ROLE_ADMIN, 0.3],
                  ['author', 0.7],
                ] as const);
      const [city, state, zip] = rng.pick(V.CITIES);
      const displayName = rng.chance(0.01) ? `${first} ${last} 🎉` : `${first} ${last}`;
      const meta: Record<string, string> = {};
      // Every hundredth member has no member meta at all (an account created before the plugin).
      if (id % 100 !== 13) {
        meta['first_name'] = first;
        meta['last_name'] = last;
        if (rng.chance(0.9)) meta['mobile_number'] = `04${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
        if (rng.chance(0.8)) meta['job_title'] = rng.pick(V.JOB_TITLES);
        if (rng.chance(0.8)) {
          meta['company_organization'] = `${rng.pick(V.COMPANY_WORDS)} ${rng.pick(V.COMPANY_KINDS)} ${rng.pick(V.COMPANY_SUFFIXES)}`;
        }
        if (rng.chance(0.85)) meta['birthday'] = isoDay(Date.UTC(rng.int(1950, 2004), rng.int(0, 11), rng.int(1, 28)));
        if (rng.chance(0.85)) meta['street_address'] = `${rng.int(1, 400)} ${rng.pick(V.STREETS)}`;
        meta['city'] = city;
        meta['state'] = state;
        if (rng.chance(0.95)) meta['zip'] = zip;
        meta['is_certified'] = rng.weighted([
          ['1', 30],
          ['0', 50],
          ['', 10],
          ['yes', 5],
        ] as const);
        if (role === ROLE_MEMBER || rng.chance(0.3)) meta['renewal_date'] = isoDay(reference + rng.int(-60, 365) * DAY);
        if (rng.chance(0.05)) meta['is_exclude_listing'] = '1';
      }
      if (role === ROLE_PENDING && deeplinkKeys.length < 5) {
        deeplinkKeys.push({ key: `invite-${options.seed}-${id}`, user_id: id, expires_gmt: cmsDate(reference + 3650 * DAY) });
      }
      yield {
        id,
        user_login: login,
        user_email: email,
        user_nicename: slugify(login),
        display_name: displayName,
        role,
        user_registered: cmsDate(registered),
        modified_gmt: cmsDate(modified),
        password: id === 1 ? adminPassword : memberPassword,
        meta,
      };
    }
  }

  function* posts(): Generator<SeedPost> {
    let nextId = 0;
    const slugs = new SlugRegistry();
    const linkable: { id: number; type: string; slug: string }[] = [];
    const pageSlugs: string[] = [];

    const status = (rng: Prng, i: number) =>
      i % 50 === 7
        ? 'trash'
        : i % 50 === 11
          ? 'private'
          : rng.weighted([
              ['publish', 86],
              ['draft', 8],
              ['private', 3],
              ['trash', 3],
            ] as const);

    function* withImage(rng: Prng, post: SeedPost, probability: number): Generator<SeedPost> {
      if (rng.chance(probability)) {
        const imageId = ++nextId;
        const day = new Date(`${post.post_date_gmt.replace(' ', 'T')}Z`);
        const file = `${day.getUTCFullYear()}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${post.post_name}.png`;
        post.meta = { ...post.meta, _thumbnail_id: String(imageId) };
        yield {
          id: imageId,
          post_type: 'attachment',
          post_status: 'inherit',
          post_author: post.post_author,
          post_title: post.post_name,
          post_name: `${post.post_name}-image`,
          post_parent: post.id,
          post_date_gmt: post.post_date_gmt,
          meta: { _wp_attached_file: file, _wp_attachment_width: '800', _wp_attachment_height: '600', _wp_attachment_mime_type: 'image/png' },
        };
      }
      yield post;
    }

    // Pages first: notifications link to them by slug.
    {
      const rng = new Prng(seedOf(options.seed, 'pages'));
      for (let i = 0; i < sizes.pages; i++) {
        const [title, base] = rngless(V.PAGES, i);
        const created = pastInstant(rng, reference, 2000);
        const slug = slugs.take('page', base);
        pageSlugs.push(slug);
        yield {
          id: ++nextId,
          post_type: 'page',
          post_status: i === 6 ? 'draft' : 'publish',
          post_author: 1,
          post_title: i < V.PAGES.length ? title : `${title} ${i + 1}`,
          post_content: htmlContent(rng, rng.int(2, 6)),
          post_name: slug,
          menu_order: i,
          post_date_gmt: cmsDate(created),
          post_modified_gmt: cmsDate(modifiedAfter(rng, created, reference)),
        };
      }
    }

    {
      const rng = new Prng(seedOf(options.seed, 'articles'));
      for (let i = 0; i < sizes.articles; i++) {
        const title = i % 97 === 5 ? `${rng.pick(V.ARTICLE_TITLES)} 🎉🎉` : rng.pick(V.ARTICLE_TITLES);
        const created = pastInstant(rng, reference, 6 * 365);
        const content = articleContent(rng, i, i % 1000 === 3);
        const id = ++nextId;
        const slug = slugs.take('post', slugify(title));
        const post: SeedPost = {
          id,
          post_type: 'post',
          post_status: status(rng, i),
          post_author: rng.pick(authorIds),
          post_title: title,
          post_content: content,
          // About four in ten have no excerpt: the connector falls back to the content's first 30 words.
          post_excerpt: i % 10 < 4 ? '' : sentence(rng, 10, 24),
          post_name: slug,
          post_date_gmt: cmsDate(created),
          post_modified_gmt: cmsDate(modifiedAfter(rng, created, reference)),
          terms: [...rng.sample(categories, rng.int(i % 13 === 0 ? 0 : 1, 2)), ...rng.sample(tags, rng.int(0, 4))],
        };
        if (post.post_status === 'publish' && linkable.length < 50) linkable.push({ id, type: 'post', slug });
        yield* withImage(rng, post, 0.7);
      }
    }

    const eventLike = function* (kind: 'event' | 'conference', count: number): Generator<SeedPost> {
      const rng = new Prng(seedOf(options.seed, kind));
      const localToday = Math.floor((reference + offsetMs) / DAY);
      for (let i = 0; i < count; i++) {
        const title = rng.pick(kind === 'event' ? V.EVENT_TITLES : V.CONFERENCE_TITLES);
        const [city, state, zip] = rng.pick(V.CITIES);
        const allDay = kind === 'event' ? rng.chance(0.1) : rng.chance(0.3);
        const virtual = rng.chance(0.2);
        const day = localToday + rng.int(-365, 730);
        const startLocal = allDay ? day * DAY : day * DAY + rng.int(8, 18) * HOUR + rng.pick([0, 30]) * 60_000;
        const endLocal = kind === 'conference' ? startLocal + rng.int(1, 3) * DAY + 8 * HOUR : allDay ? startLocal + DAY - 1000 : startLocal + rng.int(1, 8) * HOUR;
        // Announced 10 to 120 days ahead; events further out than that were published recently.
        const announced = startLocal - offsetMs - rng.int(10, 120) * DAY;
        const created = announced < reference ? announced : pastInstant(rng, reference, 90);
        const p = `_${kind}`;
        const meta: Record<string, string> = {
          [`${p}_date_time_start`]: String(startLocal),
          [`${p}_all_day`]: allDay ? '1' : '0',
          [`${p}_is_virtual`]: virtual ? '1' : '0',
          [`${p}_cost`]: rng.pick(['Free', '$25', '45.00', '$120 members / $180 non-members', '']),
          [`${p}_url`]: `https://tickets.example.org/${kind}s/${i + 1}`,
        };
        // One in twenty has no end time; one in fifteen has no cost or link meta at all.
        if (i % 20 !== 4) meta[`${p}_date_time_end`] = String(endLocal);
        if (i % 15 === 2) {
          delete meta[`${p}_cost`];
          delete meta[`${p}_url`];
        }
        if (!virtual) {
          meta['_location_name'] = `${rng.pick(V.COMPANY_WORDS)} Convention Centre`;
          meta['_location_address'] = `${rng.int(1, 400)} ${rng.pick(V.STREETS)}`;
          meta['_location_city'] = city;
          meta['_location_state'] = state;
          meta['_location_zip_code'] = zip;
          meta['_location_country'] = 'Australia';
        }
        if (kind === 'event') meta['_event_attending_count'] = String(rng.int(0, 250));
        const id = ++nextId;
        const slug = slugs.take(kind, slugify(title));
        const post: SeedPost = {
          id,
          post_type: kind,
          post_status: status(rng, i),
          post_author: rng.pick(authorIds),
          post_title: title,
          post_content: htmlContent(rng, rng.int(2, 5)),
          post_excerpt: rng.chance(0.5) ? '' : sentence(rng),
          post_name: slug,
          post_date_gmt: cmsDate(created),
          post_modified_gmt: cmsDate(modifiedAfter(rng, created, reference)),
          meta,
        };
        if (post.post_status === 'publish' && linkable.length < 100) linkable.push({ id, type: kind, slug });
        yield* withImage(rng, post, 0.6);
      }
    };
    yield* eventLike('event', sizes.events);
    yield* eventLike('conference', sizes.conferences);

    {
      const rng = new Prng(seedOf(options.seed, 'documents'));
      for (let i = 0; i < sizes.documents; i++) {
        const type: DocumentType = i % 3 === 0 ? 'document' : i % 3 === 1 ? rng.pick(['document', 'policy'] as const) : rng.pick(['document', 'policy', 'recall'] as const);
        const title = `${rng.pick(V.DOCUMENT_TITLES)} ${i + 1}`;
        const created = pastInstant(rng, reference, 5 * 365);
        const date = new Date(created);
        const slug = slugs.take(type, slugify(title));
        const ext = rng.weighted(V.FILE_EXTENSIONS);
        const folder = `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
        const meta: Record<string, string> = {};
        // Awkward files: a cache-busting query string, a file gone from the server, no file meta.
        if (i % 25 === 17) meta[FILE_META_KEY[type]] = `/wp-content/uploads/${folder}/${slug}.${ext}?ver=2`;
        else if (i % 25 === 21) meta[FILE_META_KEY[type]] = `/wp-content/uploads/missing/${slug}.${ext}`;
        else if (i % 25 !== 23) meta[FILE_META_KEY[type]] = `/wp-content/uploads/${folder}/${slug}.${ext}`;
        const taxonomyTerms = folders.byTaxonomy[FOLDER_TAXONOMY[type]] ?? [];
        yield {
          id: ++nextId,
          post_type: type,
          post_status: status(rng, i),
          post_author: rng.pick(authorIds),
          post_title: title,
          post_content: rng.chance(0.5) ? `<p>${sentence(rng)}</p>` : '',
          post_name: slug,
          post_date_gmt: cmsDate(created),
          post_modified_gmt: cmsDate(modifiedAfter(rng, created, reference)),
          meta,
          // About one in five documents is in no folder: the connector files it under the type's root.
          terms: i % 5 === 4 || taxonomyTerms.length === 0 ? [] : [rng.pick(taxonomyTerms)],
        };
      }
    }

    {
      const rng = new Prng(seedOf(options.seed, 'companies'));
      for (let i = 0; i < sizes.companies; i++) {
        const name = `${rng.pick(V.COMPANY_WORDS)} ${rng.pick(V.COMPANY_KINDS)} ${rng.pick(V.COMPANY_SUFFIXES)}`;
        const created = pastInstant(rng, reference, 4 * 365);
        const slug = slugs.take('company', slugify(name));
        const meta: Record<string, string> = { _company_url: `https://${slug}.example.com` };
        if (rng.chance(0.8)) meta['_company_phone'] = `(07) ${rng.int(3000, 3999)} ${rng.int(1000, 9999)}`;
        if (rng.chance(0.7)) meta['_company_email'] = `info@${slug}.example.com`;
        if (rng.chance(0.5)) meta['_company_address'] = `${rng.int(1, 400)} ${rng.pick(V.STREETS)}, ${rng.pick(V.CITIES)[0]}`;
        yield* withImage(
          rng,
          {
            id: ++nextId,
            post_type: 'company',
            post_status: status(rng, i),
            post_author: 1,
            post_title: name,
            post_content: htmlContent(rng, rng.int(1, 3)),
            post_name: slug,
            post_date_gmt: cmsDate(created),
            post_modified_gmt: cmsDate(modifiedAfter(rng, created, reference)),
            meta,
          },
          0.7,
        );
      }
    }

    {
      const rng = new Prng(seedOf(options.seed, 'notifications'));
      const linkTypes = ['post-type', 'external-link', 'website-page', 'notification'] as const;
      for (let i = 0; i < sizes.notifications; i++) {
        let linkType: string = rngless(linkTypes, i);
        if (linkType === 'post-type' && linkable.length === 0) linkType = 'notification';
        if (linkType === 'website-page' && pageSlugs.length === 0) linkType = 'notification';
        const meta: Record<string, string> = { _notification_type: linkType };
        if (linkType === 'post-type') {
          const target = rng.pick(linkable);
          meta['_notification_link_post_id'] = String(target.id);
          meta['_notification_link_post_type'] = target.type;
          meta['_notification_link_post_slug'] = target.slug;
        } else if (linkType === 'external-link') {
          meta['_notification_link_url'] = `https://www.example.org/campaigns/${i + 1}?utm_source=app&utm_medium=push`;
        } else if (linkType === 'website-page') {
          meta['_notification_link_page'] = rng.pick(pageSlugs);
        }
        const created = pastInstant(rng, reference, 400);
        const title = rng.pick(V.NOTIFICATION_TITLES);
        yield {
          id: ++nextId,
          post_type: 'notification',
          post_status: status(rng, i),
          post_author: 1,
          post_title: title,
          post_content: '',
          post_excerpt: `${sentence(rng, 8, 16)} Don&#8217;t miss out &amp; tell a colleague.`,
          post_name: slugs.take('notification', slugify(title)),
          post_date_gmt: cmsDate(created),
          post_modified_gmt: cmsDate(created),
          meta,
        };
      }
    }
  }

  return {
    timezone: options.timezone,
    sizes,
    users: { [Symbol.iterator]: users },
    terms,
    posts: { [Symbol.iterator]: posts },
    // Filled while users are generated: read it after the users have been loaded.
    get deeplink_keys() {
      return deeplinkKeys;
    },
  };
}
