import { FILE_META_KEY, FOLDER_TAXONOMY, isDocumentType, metaFlag } from './content-types';
import { formatIsoLocal, formatLocalMillisIso } from './dates';
import type { JsonValue, RecordObject, SiteContext } from './records';
import { termPath } from './records';
import type { PostRelations, PostRow, UserRow } from './rows';
import { excerptOrFallback } from './text';
import { absoluteUrl, permalink, uploadUrl } from './urls';
import { extensionOf, MIME_TYPES } from './uploads';

/**
 * Payloads of the app endpoints (the mobile app's API). The spec leaves them open: these are the
 * shapes documented in docs/legacy-site.md, snake_case like the rest of the plugin.
 */

function featuredImageUrl(post: PostRow, relations: PostRelations, ctx: SiteContext): string | null {
  const image = relations.images.get(Number(post.meta['_thumbnail_id']));
  return image ? uploadUrl(ctx.siteUrl, image.file) : null;
}

function base(post: PostRow, relations: PostRelations, ctx: SiteContext): RecordObject {
  return {
    id: post.id,
    type: post.post_type,
    status: post.post_status,
    title: post.post_title,
    slug: post.post_name,
    date: formatIsoLocal(post.post_date_gmt, ctx.offsetMinutes),
    modified: formatIsoLocal(post.modified_at, ctx.offsetMinutes),
    link: permalink(ctx.siteUrl, post.post_type, post.post_name),
    featured_image: featuredImageUrl(post, relations, ctx),
  };
}

export function appArticle(post: PostRow, relations: PostRelations, ctx: SiteContext, withContent = true): RecordObject {
  const terms = relations.termsByPost.get(post.id) ?? [];
  const author = post.post_author === null ? undefined : relations.authors.get(post.post_author);
  const item: RecordObject = {
    ...base(post, relations, ctx),
    excerpt: excerptOrFallback(post.post_excerpt, post.post_content),
    author: author ? { id: author.id, name: author.display_name } : null,
    categories: terms.filter((t) => t.taxonomy === 'category').map((t) => ({ id: t.term_id, name: t.name, slug: t.slug })),
    tags: terms.filter((t) => t.taxonomy === 'post_tag').map((t) => ({ id: t.term_id, name: t.name, slug: t.slug })),
  };
  if (withContent) item['content'] = post.post_content;
  return item;
}

export function appPage(post: PostRow, relations: PostRelations, ctx: SiteContext): RecordObject {
  return { ...base(post, relations, ctx), content: post.post_content, parent: post.post_parent ?? 0, menu_order: post.menu_order };
}

function int(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '' || !/^-?\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** Events and conferences: times as ISO 8601 with the site's offset and as the stored local milliseconds. */
export function appEvent(post: PostRow, relations: PostRelations, ctx: SiteContext, attending: boolean): RecordObject {
  const p = post.post_type === 'conference' ? '_conference' : '_event';
  const m = post.meta;
  const start = int(m[`${p}_date_time_start`]);
  const end = int(m[`${p}_date_time_end`]);
  const hasLocation = ['_location_name', '_location_address', '_location_city'].some((k) => m[k] !== undefined);
  const item: RecordObject = {
    ...base(post, relations, ctx),
    excerpt: excerptOrFallback(post.post_excerpt, post.post_content),
    content: post.post_content,
    start: start === null ? null : formatLocalMillisIso(start, ctx.offsetMinutes),
    end: end === null ? null : formatLocalMillisIso(end, ctx.offsetMinutes),
    start_ms: start,
    end_ms: end,
    all_day: metaFlag(m[`${p}_all_day`]),
    is_virtual: metaFlag(m[`${p}_is_virtual`]),
    cost: m[`${p}_cost`] ?? null,
    registration_url: m[`${p}_url`] ?? null,
    location: hasLocation
      ? {
          name: m['_location_name'] ?? null,
          address: m['_location_address'] ?? null,
          city: m['_location_city'] ?? null,
          state: m['_location_state'] ?? null,
          zip_code: m['_location_zip_code'] ?? null,
          country: m['_location_country'] ?? null,
        }
      : null,
  };
  if (post.post_type === 'event') {
    item['attending_count'] = int(m['_event_attending_count']) ?? 0;
    item['is_attending'] = attending;
  }
  return item;
}

export function appDocument(post: PostRow, relations: PostRelations, ctx: SiteContext): RecordObject {
  const type = isDocumentType(post.post_type) ? post.post_type : 'document';
  const file = post.meta[FILE_META_KEY[type]];
  const fileUrl = file ? absoluteUrl(ctx.siteUrl, file) : null;
  const ext = file ? extensionOf(file) : '';
  const term = (relations.termsByPost.get(post.id) ?? []).find((t) => t.taxonomy === FOLDER_TAXONOMY[type]);
  return {
    ...base(post, relations, ctx),
    description: post.post_content,
    file_url: fileUrl,
    file_type: ext || null,
    mime_type: ext ? (MIME_TYPES[ext] ?? 'application/octet-stream') : null,
    folder: term ? { id: term.term_id, name: term.name, path: termPath(term, relations.termsById) } : null,
  };
}

export function appCompany(post: PostRow, relations: PostRelations, ctx: SiteContext): RecordObject {
  const m = post.meta;
  return {
    id: post.id,
    name: post.post_title,
    slug: post.post_name,
    description: post.post_content,
    website: m['_company_url'] ?? null,
    phone: m['_company_phone'] ?? null,
    email: m['_company_email'] ?? null,
    address: m['_company_address'] ?? null,
    logo: featuredImageUrl(post, relations, ctx),
    link: permalink(ctx.siteUrl, post.post_type, post.post_name),
  };
}

/**
 * The link of a notification by its type: `post-type` → the linked post's type, id and slug;
 * `external-link` → type and url; `website-page` → type and slug; `notification` (or anything
 * incomplete) → null.
 */
export function notificationLink(meta: Record<string, string>): JsonValue {
  const type = meta['_notification_type'];
  switch (type) {
    case 'post-type': {
      const id = int(meta['_notification_link_post_id']);
      const postType = meta['_notification_link_post_type'];
      return id === null || !postType ? null : { type: postType, id, slug: meta['_notification_link_post_slug'] ?? '' };
    }
    case 'external-link':
      return meta['_notification_link_url'] ? { type, url: meta['_notification_link_url'] } : null;
    case 'website-page':
      return meta['_notification_link_page'] ? { type, slug: meta['_notification_link_page'] } : null;
    default:
      return null;
  }
}

export function appNotification(post: PostRow, ctx: SiteContext): RecordObject {
  return {
    id: post.id,
    title: post.post_title,
    message: post.post_excerpt,
    date: formatIsoLocal(post.post_date_gmt, ctx.offsetMinutes),
    type: post.meta['_notification_type'] ?? 'notification',
    link: notificationLink(post.meta),
  };
}

/** A member as the app shows them: in the directory (`full` false) or as their own profile. */
export function appUser(user: UserRow, ctx: SiteContext, full: boolean): RecordObject {
  const m = user.meta;
  const item: RecordObject = {
    id: user.id,
    display_name: user.display_name,
    first_name: m['first_name'] ?? null,
    last_name: m['last_name'] ?? null,
    email: user.user_email,
    mobile_number: m['mobile_number'] ?? null,
    job_title: m['job_title'] ?? null,
    company: m['company_organization'] ?? null,
    city: m['city'] ?? null,
    state: m['state'] ?? null,
    is_certified: metaFlag(m['is_certified']),
  };
  if (full) {
    Object.assign(item, {
      username: user.user_login,
      role: user.role,
      birthday: m['birthday'] ?? null,
      street_address: m['street_address'] ?? null,
      zip: m['zip'] ?? null,
      renewal_date: m['renewal_date'] ?? null,
      is_exclude_listing: metaFlag(m['is_exclude_listing']),
      registered: formatIsoLocal(user.user_registered, ctx.offsetMinutes),
    });
  }
  return item;
}
