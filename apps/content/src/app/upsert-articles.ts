import type { contentV1 } from '@platform/proto';
import type { ContentDeps } from '../deps';
import { deriveContent, normaliseTags, titleSearch } from '../domain/article-fields';
import { externalIdProblem, importDecision, importHash, type UpsertResult } from '@platform/imports';
import type { Prisma } from '../store/generated/client';

/** The stored fields of an imported article (never announced: announcement NONE). */
function articleFields(record: contentV1.ImportedArticle, now: Date) {
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

/**
 * The connector's batch upsert of articles, in one transaction: each record by external_id is
 * created, updated when the source changed it, skipped when not, or CONFLICT when the platform changed
 * it since its last import too (the platform's copy is kept; importDecision). A slug another article holds is made
 * unique with the external id. Nothing is announced.
 */
export function upsertArticles(deps: ContentDeps, organizationId: string, records: contentV1.ImportedArticle[]): Promise<UpsertResult[]> {
  return deps.db.$transaction(
    async (tx) => {
      const now = deps.now();
      const externalIds = records.map((r) => r.externalId);
      const existing = new Map(
        (await tx.article.findMany({ where: { organizationId, externalId: { in: externalIds }, deletedAt: null } })).map((a) => [a.externalId, a]),
      );
      const seen = new Set<string>();
      const results: UpsertResult[] = [];
      for (const record of records) {
        const problem = externalIdProblem(record.externalId, seen) ?? recordProblem(record);
        if (problem) {
          results.push({ externalId: record.externalId, action: 'ERROR', id: '', error: problem });
          continue;
        }
        const fields = articleFields(record, now);
        const current = existing.get(record.externalId);
        if (fields.slug) {
          const holder = await tx.article.findFirst({ where: { organizationId, slug: fields.slug, deletedAt: null }, select: { id: true } });
          if (holder && holder.id !== current?.id) fields.slug = `${fields.slug}-${record.externalId}`;
        }
        if (!current) {
          const row = await tx.article.create({
            data: { ...fields, organizationId, externalId: record.externalId, announcement: 'NONE', importHash: importHash(fields) },
          });
          results.push({ externalId: record.externalId, action: 'CREATE', id: row.id, error: '' });
          continue;
        }
        // A published article keeps the moment it became visible.
        const wanted = { ...fields, publishedAt: fields.status === 'PUBLISHED' ? (current.publishedAt ?? fields.publishedAt) : null };
        // A platform edit since the last import is kept: SKIP while the source is unchanged, CONFLICT when it changed too.
        const decision = importDecision(current as unknown as Record<string, unknown>, wanted, current.importHash);
        if (decision.action === 'UPDATE') await tx.article.update({ where: { id: current.id }, data: { ...wanted, importHash: decision.hash } });
        else if (decision.hash !== current.importHash) await tx.article.update({ where: { id: current.id }, data: { importHash: decision.hash } });
        results.push({ externalId: record.externalId, action: decision.action, id: current.id, error: '' });
      }
      return results;
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}
