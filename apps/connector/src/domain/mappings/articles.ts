import type { contentV1 } from '@platform/proto';
import { fieldReader, type SourceRecord } from './field-mappings';
import { failed, upsert, type Mapped } from './mapped';
import { externalIdOf, gmtDate, text } from './values';

const names = (terms: unknown): string[] =>
  Array.isArray(terms) ? terms.map((t) => (t && typeof t === 'object' ? text((t as Record<string, unknown>)['name']) : '')).filter((n) => n !== '') : [];

/** Article status (spec 2): `publish` PUBLISHED, anything else DRAFT. */
export const articleStatus = (postStatus: string): 'PUBLISHED' | 'DRAFT' => (postStatus === 'publish' ? 'PUBLISHED' : 'DRAFT');

/**
 * A post of `/sync/articles` → content's ImportedArticle (spec 2 Article table). `post_content`
 * goes as the site serves it (block markup or classic HTML): content's parser turns it into blocks
 * and computes the 30-word summary when `post_excerpt` is empty.
 */
export function mapArticle(record: SourceRecord, mappings: Readonly<Record<string, string>>): Mapped<contentV1.ImportedArticle> {
  const externalId = externalIdOf(record);
  if (!externalId) return failed('', 'the record has no id');
  const read = fieldReader(record, 'ARTICLES', mappings);
  const author = record['author'] && typeof record['author'] === 'object' ? (record['author'] as Record<string, unknown>) : {};
  const featured = record['featured_image'] && typeof record['featured_image'] === 'object' ? (record['featured_image'] as Record<string, unknown>) : undefined;
  return upsert(externalId, {
    externalId,
    title: text(read('title', 'post_title')),
    content: text(record['post_content']),
    excerpt: text(read('summary', 'post_excerpt')),
    slug: text(read('slug', 'post_name')),
    status: articleStatus(text(record['post_status'])),
    featuredImageUrl: text(record['featured_image_url']) || text(featured?.['url']),
    authorName: text(author['display_name']),
    authorEmail: text(author['user_email']),
    category: names(record['categories'])[0] ?? '',
    tags: names(record['tags']),
    sourceCreatedAt: gmtDate(record['post_date_gmt']),
    sourceUpdatedAt: gmtDate(record['post_modified_gmt']),
    membersOnly: false,
  });
}
