import { FILE_META_KEY, FOLDER_TAXONOMY, MEMBER_META_FIELDS, META_FIELDS, isDocumentType, metaFlag, type PostType } from './content-types';
import { formatCmsDate, formatLocalCmsDate } from './dates';
import type { ImageRow, PostRelations, PostRow, TermRow, UserRow } from './rows';
import { absoluteUrl, permalink, resizedFile, uploadUrl } from './urls';

/** What shaping a record needs to know about the site. */
export interface SiteContext {
  /** Absolute base URL of the site, for file and image URLs. */
  siteUrl: string;
  /** The site's fixed UTC offset in minutes (local dates). */
  offsetMinutes: number;
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type RecordObject = { [key: string]: JsonValue };

/**
 * The member record of `/sync/members`: the user, every member field of the mapping table (strings
 * null when the meta is missing, flags false), and `email` equal to `user_email`.
 */
export function memberRecord(user: UserRow): RecordObject {
  const record: RecordObject = {
    id: user.id,
    email: user.user_email,
    user_email: user.user_email,
    user_login: user.user_login,
    user_nicename: user.user_nicename,
    display_name: user.display_name,
    user_url: user.user_url,
    role: user.role,
    roles: [user.role],
  };
  for (const [key, kind] of Object.entries(MEMBER_META_FIELDS)) {
    const value = user.meta[key];
    record[key] = kind === 'bool' ? metaFlag(value) : (value ?? null);
  }
  record['user_registered'] = formatCmsDate(user.user_registered);
  record['user_modified_gmt'] = formatCmsDate(user.modified_at);
  return record;
}

export interface FolderTerm extends RecordObject {
  term_id: number;
  name: string;
  slug: string;
  parent: number;
  taxonomy: string;
  /** Names from the top-level folder down to this one. */
  path: string[];
}

function termRef(term: TermRow): RecordObject {
  return { term_id: term.term_id, name: term.name, slug: term.slug };
}

/** The term with its ancestors' names, top first; guards against cycles in bad data. */
export function termPath(term: TermRow, termsById: Map<number, TermRow>): string[] {
  const names = [term.name];
  const seen = new Set([term.term_id]);
  let parent = term.parent;
  while (parent !== null && !seen.has(parent)) {
    const up = termsById.get(parent);
    if (!up) break;
    names.unshift(up.name);
    seen.add(up.term_id);
    parent = up.parent;
  }
  return names;
}

export function imageObject(image: ImageRow, siteUrl: string): RecordObject {
  const size = (w: number, h: number) => ({ url: uploadUrl(siteUrl, resizedFile(image.file, w, h)), width: w, height: h });
  const medium = Math.min(300, image.width);
  return {
    id: image.id,
    url: uploadUrl(siteUrl, image.file),
    width: image.width,
    height: image.height,
    mime_type: image.mime_type,
    sizes: {
      thumbnail: size(150, 150),
      medium: size(medium, Math.round((image.height * medium) / Math.max(1, image.width))),
      full: { url: uploadUrl(siteUrl, image.file), width: image.width, height: image.height },
    },
  };
}

function metaValue(kind: string, raw: string | undefined, ctx: SiteContext): JsonValue {
  if (kind === 'bool') return raw === undefined ? null : metaFlag(raw);
  if (raw === undefined) return null;
  switch (kind) {
    case 'int': {
      const n = Number(raw.trim());
      return raw.trim() !== '' && Number.isFinite(n) ? Math.trunc(n) : null;
    }
    case 'url':
      return raw === '' ? '' : absoluteUrl(ctx.siteUrl, raw);
    default:
      return raw;
  }
}

/**
 * A post record of the sync pulls: the post's own fields with CMS dates (`post_date` local,
 * `*_gmt` UTC), its type's meta keys (null when missing), the featured image, and per type the
 * author, categories and tags (articles) or the folder terms (documents).
 */
export function postRecord(post: PostRow, relations: PostRelations, ctx: SiteContext): RecordObject {
  const type = post.post_type as PostType;
  const thumbnailId = Number(post.meta['_thumbnail_id']);
  const image = Number.isFinite(thumbnailId) ? relations.images.get(thumbnailId) : undefined;
  const record: RecordObject = {
    id: post.id,
    post_type: post.post_type,
    post_status: post.post_status,
    post_title: post.post_title,
    post_name: post.post_name,
    post_content: post.post_content,
    post_excerpt: post.post_excerpt,
    post_author: post.post_author ?? 0,
    post_parent: post.post_parent ?? 0,
    menu_order: post.menu_order,
    post_date: formatLocalCmsDate(post.post_date_gmt, ctx.offsetMinutes),
    post_date_gmt: formatCmsDate(post.post_date_gmt),
    post_modified: formatLocalCmsDate(post.modified_at, ctx.offsetMinutes),
    post_modified_gmt: formatCmsDate(post.modified_at),
    link: permalink(ctx.siteUrl, post.post_type, post.post_name),
    featured_image: image ? imageObject(image, ctx.siteUrl) : null,
    featured_image_url: image ? uploadUrl(ctx.siteUrl, image.file) : null,
  };
  for (const [key, kind] of Object.entries(META_FIELDS[type] ?? {})) {
    record[key] = metaValue(kind, post.meta[key], ctx);
  }
  const terms = relations.termsByPost.get(post.id) ?? [];
  if (type === 'post') {
    const author = post.post_author === null ? undefined : relations.authors.get(post.post_author);
    record['author'] = author ? { id: author.id, display_name: author.display_name, user_email: author.user_email } : null;
    record['categories'] = terms.filter((t) => t.taxonomy === 'category').map(termRef);
    record['tags'] = terms.filter((t) => t.taxonomy === 'post_tag').map(termRef);
  }
  if (isDocumentType(type)) {
    const taxonomy = FOLDER_TAXONOMY[type];
    const fileKey = FILE_META_KEY[type];
    record['file_url'] = record[fileKey] ?? null;
    record['folder_taxonomy'] = taxonomy;
    record['folders'] = terms
      .filter((t) => t.taxonomy === taxonomy)
      .map((t): FolderTerm => ({
        term_id: t.term_id,
        name: t.name,
        slug: t.slug,
        parent: t.parent ?? 0,
        taxonomy,
        path: termPath(t, relations.termsById),
      }));
  }
  return record;
}
