import type { ArticleRow } from './articles';
import type { Tx } from './db';
import { Prisma } from './generated/client';

/** The columns an import writes (what its importHash covers). */
export type ImportedArticleFields = {
  title: string;
  titleSearch: string;
  content: string;
  contentBlocks: Prisma.InputJsonValue;
  excerpt: string;
  excerptAuto: boolean;
  membersOnly: boolean;
  tags: string[];
  status: string;
  slug: string | null;
  category: string;
  authorName: string;
  authorEmail: string;
  featuredImageUrl: string;
  sourceCreatedAt: Date | null;
  sourceUpdatedAt: Date | null;
  publishedAt: Date | null;
};

export type NewImportedArticle = ImportedArticleFields & { id: string; externalId: string; importHash: string };
export type ChangedImportedArticle = ImportedArticleFields & { id: string; importHash: string };

/** The imported fields and the importHash as jsonb_to_recordset reads them from the rows' JSON. */
const FIELD_COLUMNS = Prisma.raw(
  `title text, "titleSearch" text, content text, "contentBlocks" jsonb, excerpt text, "excerptAuto" boolean, "membersOnly" boolean,
   tags text[], status text, slug text, category text, "authorName" text, "authorEmail" text, "featuredImageUrl" text,
   "sourceCreatedAt" timestamptz, "sourceUpdatedAt" timestamptz, "publishedAt" timestamptz, "importHash" text`,
);

/** The organisation's live articles with these external ids, by external id. */
export async function liveArticlesByExternalId(tx: Tx, organizationId: string, externalIds: string[]): Promise<Map<string, ArticleRow>> {
  if (externalIds.length === 0) return new Map();
  const rows = await tx.article.findMany({ where: { organizationId, externalId: { in: externalIds }, deletedAt: null } });
  return new Map(rows.map((row) => [row.externalId ?? '', row]));
}

/** The live article holding each of these slugs, if any (one query for a whole batch). */
export async function slugHolders(tx: Tx, organizationId: string, slugs: string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await tx.article.findMany({ where: { organizationId, slug: { in: slugs }, deletedAt: null }, select: { id: true, slug: true } });
  return new Map(rows.map((row) => [row.slug ?? '', row.id]));
}

/**
 * Rows written by one statement. They go as one JSON parameter: Prisma's createMany would compile
 * a query of some twenty parameters a row, which costs more CPU than the insert. Few, because
 * Prisma keeps the arguments of its last 100 debug calls whether logging is on or not
 * (`argsHistory` of @prisma/debug, in the client and in adapter-pg): after importing 6,000
 * articles, content's heap held 123 MB of strings at 100 a statement, 40 MB at 25 with ASCII JSON,
 * 28 MB with the old query per record. The throughput is the same from 25 to 500 a statement.
 */
const WRITE_CHUNK = 25;

/** JSON with every non-ASCII character escaped: V8 keeps it at one byte a character, not two. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < rows.length; at += WRITE_CHUNK) out.push(rows.slice(at, at + WRITE_CHUNK));
  return out;
}

/** New imported articles, never announced; the caller chose their ids, so nothing is read back. */
export async function insertImportedArticles(tx: Tx, organizationId: string, rows: NewImportedArticle[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    await tx.$executeRaw`
      INSERT INTO article (id, organization_id, external_id, announcement, import_hash, title, title_search, content, content_blocks,
                           excerpt, excerpt_auto, members_only, tags, status, slug, category, author_name, author_email,
                           featured_image_url, source_created_at, source_updated_at, published_at)
      SELECT x.id, ${organizationId}::uuid, x."externalId", 'NONE', x."importHash", x.title, x."titleSearch", x.content, x."contentBlocks",
             x.excerpt, x."excerptAuto", x."membersOnly", x.tags, x.status, x.slug, x.category, x."authorName", x."authorEmail",
             x."featuredImageUrl", x."sourceCreatedAt", x."sourceUpdatedAt", x."publishedAt"
        FROM jsonb_to_recordset(${asciiJson(chunk)}::jsonb) AS x(id uuid, "externalId" text, ${FIELD_COLUMNS})`;
  }
}

/**
 * The imported fields of these articles. The slugs that change are let go first, all in one
 * statement: a unique index is checked row by row, and one row may take the slug another gives up
 * in the same batch (rows are updated in the plan's order, not the batch's). `id = ANY` lets the
 * planner find the rows by primary key rather than scan the table.
 */
export async function updateImportedArticles(tx: Tx, rows: ChangedImportedArticle[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const slugs = JSON.stringify(rows.map(({ id, slug }) => ({ id, slug })));
  await tx.$executeRaw`
    UPDATE article AS a SET slug = NULL
      FROM jsonb_to_recordset(${slugs}::jsonb) AS x(id uuid, slug text)
     WHERE a.id = x.id AND a.id = ANY(${rows.map((row) => row.id)}::uuid[]) AND a.slug IS NOT NULL AND a.slug IS DISTINCT FROM x.slug`;
  for (const chunk of chunks(rows)) {
    await tx.$executeRaw`
      UPDATE article AS a
         SET title = x.title, title_search = x."titleSearch", content = x.content, content_blocks = x."contentBlocks",
             excerpt = x.excerpt, excerpt_auto = x."excerptAuto", members_only = x."membersOnly", tags = x.tags,
             status = x.status, slug = x.slug, category = x.category, author_name = x."authorName",
             author_email = x."authorEmail", featured_image_url = x."featuredImageUrl",
             source_created_at = x."sourceCreatedAt", source_updated_at = x."sourceUpdatedAt",
             published_at = x."publishedAt", import_hash = x."importHash", updated_at = ${now}::timestamptz
        FROM jsonb_to_recordset(${asciiJson(chunk)}::jsonb) AS x(id uuid, ${FIELD_COLUMNS})
       WHERE a.id = x.id AND a.id = ANY(${chunk.map((row) => row.id)}::uuid[])`;
  }
}
