import { randomUUID } from 'node:crypto';
import type { contentV1 } from '@platform/proto';
import type { ContentDeps } from '../deps';
import { deriveContent, normaliseTags, titleSearch } from '../domain/article-fields';
import { BatchSlugs } from '../domain/import-slugs';
import { externalIdProblem, importDecision, importHash, type UpsertResult } from '@platform/imports';
import {
  insertImportedArticles,
  liveArticlesByExternalId,
  slugHolders,
  updateImportedArticles,
  type ChangedImportedArticle,
  type ImportedArticleFields,
  type NewImportedArticle,
} from '../store/article-imports';
import type { Prisma } from '../store/generated/client';
import { storeImportHashes } from '../store/import-hashes';

/** The stored fields of an imported article (never announced: announcement NONE). */
function articleFields(record: contentV1.ImportedArticle, now: Date): ImportedArticleFields {
  const derived = deriveContent(record.content, record.excerpt);
  const published = record.status === 'PUBLISHED';
  return {
    title: record.title.trim(),
    titleSearch: titleSearch(record.title),
    content: derived.content,
    contentBlocks: derived.contentBlocks as unknown as Prisma.InputJsonValue,
    excerpt: derived.excerpt,
    excerptAuto: derived.excerptAuto,
    membersOnly: record.membersOnly,
    tags: normaliseTags(record.tags),
    status: published ? 'PUBLISHED' : 'DRAFT',
    slug: record.slug.trim() || null,
    category: record.category.trim(),
    authorName: record.authorName.trim(),
    authorEmail: record.authorEmail.trim(),
    featuredImageUrl: record.featuredImageUrl.trim(),
    sourceCreatedAt: record.sourceCreatedAt ?? null,
    sourceUpdatedAt: record.sourceUpdatedAt ?? null,
    // Visible since the site published it; the field only moves with the status.
    publishedAt: published ? (record.sourceCreatedAt ?? now) : null,
  };
}

function recordProblem(record: contentV1.ImportedArticle): string | undefined {
  if (record.title.trim() === '') return 'title is required';
  if (record.title.length > 300) return 'title must be at most 300 characters';
  if (record.content.length > 2 * 1024 * 1024) return 'content must be at most 2 MiB';
  if (record.slug.length > 200) return 'slug must be at most 200 characters';
  return undefined;
}

type Prepared = { record: contentV1.ImportedArticle; problem: string } | { record: contentV1.ImportedArticle; fields: ImportedArticleFields };

/**
 * The connector's batch upsert of articles, in one transaction: each record by external_id is
 * created, updated when the source changed it, skipped when not, or CONFLICT when the platform changed
 * it since its last import too (the platform's copy is kept; importDecision). A slug another article
 * holds, or an earlier record of the batch took, is made unique with the external id. Nothing is
 * announced. Set-based: the records are decided in order in memory (BatchSlugs plays the slug
 * checks one by one), then written in a few statements whatever the batch's size.
 */
export async function upsertArticles(deps: ContentDeps, organizationId: string, records: contentV1.ImportedArticle[]): Promise<UpsertResult[]> {
  const now = deps.now();
  // Parsed and sanitised before the transaction: that work holds no connection.
  const seen = new Set<string>();
  const prepared = records.map((record): Prepared => {
    const problem = externalIdProblem(record.externalId, seen) ?? recordProblem(record);
    return problem ? { record, problem } : { record, fields: articleFields(record, now) };
  });
  const valid = prepared.flatMap((p) => ('fields' in p ? [p] : []));
  return deps.db.$transaction(
    async (tx) => {
      const existing = await liveArticlesByExternalId(
        tx,
        organizationId,
        valid.map((p) => p.record.externalId),
      );
      const asked = new Set(valid.flatMap((p) => (p.fields.slug ? [p.fields.slug] : [])));
      const slugs = new BatchSlugs(await slugHolders(tx, organizationId, [...asked]));
      const created: NewImportedArticle[] = [];
      const changed: ChangedImportedArticle[] = [];
      const rehashed: Array<{ id: string; importHash: string }> = [];
      const results = prepared.map((item): UpsertResult => {
        const { externalId } = item.record;
        if (!('fields' in item)) return { externalId, action: 'ERROR', id: '', error: item.problem };
        const fields = { ...item.fields };
        const current = existing.get(externalId);
        if (fields.slug) fields.slug = slugs.slugFor(fields.slug, current?.id, externalId);
        if (!current) {
          const id = randomUUID();
          created.push({ ...fields, id, externalId, importHash: importHash(fields) });
          slugs.moved(id, null, fields.slug);
          return { externalId, action: 'CREATE', id, error: '' };
        }
        // A published article keeps the moment it became visible.
        const wanted = { ...fields, publishedAt: fields.status === 'PUBLISHED' ? (current.publishedAt ?? fields.publishedAt) : null };
        // A platform edit since the last import is kept: SKIP while the source is unchanged, CONFLICT when it changed too.
        const decision = importDecision(current as unknown as Record<string, unknown>, wanted, current.importHash);
        if (decision.action === 'UPDATE') {
          changed.push({ ...wanted, id: current.id, importHash: decision.hash });
          slugs.moved(current.id, current.slug, wanted.slug);
        } else if (decision.hash !== current.importHash) rehashed.push({ id: current.id, importHash: decision.hash });
        return { externalId, action: decision.action, id: current.id, error: '' };
      });
      // Updates first: a new article may take a slug an updated one gives up.
      await updateImportedArticles(tx, changed, now);
      await storeImportHashes(tx, 'article', rehashed, now);
      await insertImportedArticles(tx, organizationId, created);
      return results;
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}
