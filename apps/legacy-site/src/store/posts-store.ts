import type { Pool } from 'pg';
import type { Paging } from '../domain/paging';
import { emptyRelations, type AuthorRow, type ImageRow, type PostRelations, type PostRow, type TermRow } from '../domain/rows';
import type { ChangeLock } from './change-lock';
import { PageCursors } from './page-cursors';
import { escapeLike, writeMeta } from './users-store';

const POST_COLUMNS = `p.id, p.post_type, p.post_status, p.post_author, p.post_title, p.post_content, p.post_excerpt,
  p.post_name, p.post_parent, p.menu_order, p.post_date_gmt, p.modified_at,
  coalesce((SELECT jsonb_object_agg(m.meta_key, m.meta_value) FROM postmeta m WHERE m.post_id = p.id), '{}'::jsonb) AS meta`;

/** Filters of the app endpoints' lists. */
export interface PostQuery {
  types: readonly string[];
  statuses: readonly string[];
  paging: Paging;
  search?: string;
  /** Posts with a term of this taxonomy, given by slug or id (a folder includes its subfolders). */
  term?: { taxonomy: string; slug?: string; id?: number };
  /** Event-like ordering and filtering on a Unix-milliseconds start meta key. */
  start?: { key: string; fromMs?: number; beforeMs?: number; descending?: boolean };
  order?: 'newest' | 'menu';
}

const UPDATABLE = ['post_title', 'post_content', 'post_excerpt', 'post_name', 'post_status'];

/** Posts, postmeta, terms and their relationships. */
export class PostsStore {
  constructor(
    private readonly pool: Pool,
    private readonly changes: ChangeLock,
    private readonly cursors = new PageCursors(),
  ) {}

  /**
   * One page of posts of the given types ordered by id, optionally only those modified at or after
   * `since`, read under the shared change lock (see UsersStore.page).
   */
  async page(types: readonly string[], paging: Paging, since?: Date): Promise<{ rows: PostRow[]; total: number }> {
    const scope = types.join(',');
    const cursor = this.cursors.before(scope, since, paging.perPage, paging.page);
    const after = cursor?.lastId;
    const filter = `p.post_type = ANY($1::text[])${since ? ' AND p.modified_at >= $2' : ''}`;
    const base: unknown[] = since ? [types, since] : [types];
    const pageParams = [...base, paging.perPage, after ?? paging.offset];
    const limit = `$${base.length + 1}`;
    const rest = `$${base.length + 2}`;
    const pageQuery =
      after !== undefined
        ? `SELECT p.id FROM posts p WHERE ${filter} AND p.id > ${rest} ORDER BY p.id LIMIT ${limit}`
        : `SELECT p.id FROM posts p WHERE ${filter} ORDER BY p.id LIMIT ${limit} OFFSET ${rest}`;
    const [rows, total] = await this.changes.read(async (client) => {
      // Ids first, meta only for the page (see UsersStore.page).
      const page = await client.query<PostRow>(
        `WITH page AS (${pageQuery}) SELECT ${POST_COLUMNS} FROM page JOIN posts p ON p.id = page.id ORDER BY p.id`,
        pageParams,
      );
      // Checked under the lock: a write through this process that committed before is counted.
      const knownTotal = this.cursors.totalOf(cursor);
      if (knownTotal !== undefined) return [page, knownTotal] as const;
      const count = await client.query<{ total: number }>(`SELECT count(*)::int AS total FROM posts p WHERE ${filter}`, base);
      return [page, count.rows[0]?.total ?? 0] as const;
    });
    const last = rows.rows.at(-1);
    if (last && rows.rows.length === paging.perPage) this.cursors.remember(scope, since, paging.perPage, paging.page, last.id, total);
    return { rows: rows.rows, total };
  }

  async findById(id: number, types?: readonly string[]): Promise<PostRow | undefined> {
    const result = await this.pool.query<PostRow>(
      `SELECT ${POST_COLUMNS} FROM posts p WHERE p.id = $1 ${types ? 'AND p.post_type = ANY($2::text[])' : ''}`,
      types ? [id, types] : [id],
    );
    return result.rows[0];
  }

  async findBySlug(slug: string, types: readonly string[], statuses: readonly string[]): Promise<PostRow | undefined> {
    const result = await this.pool.query<PostRow>(
      `SELECT ${POST_COLUMNS} FROM posts p WHERE p.post_name = $1 AND p.post_type = ANY($2::text[]) AND p.post_status = ANY($3::text[])
        ORDER BY p.id LIMIT 1`,
      [slug, types, statuses],
    );
    return result.rows[0];
  }

  /** Lists for the app endpoints. */
  async list(query: PostQuery): Promise<{ rows: PostRow[]; total: number }> {
    const params: unknown[] = [query.types, query.statuses];
    const conditions = ['p.post_type = ANY($1::text[])', 'p.post_status = ANY($2::text[])'];
    if (query.search) {
      params.push(`%${escapeLike(query.search)}%`);
      conditions.push(`(p.post_title ILIKE $${params.length} OR p.post_excerpt ILIKE $${params.length})`);
    }
    if (query.term) {
      params.push(query.term.taxonomy, query.term.slug ?? null, query.term.id ?? null);
      const [tax, slug, id] = [params.length - 2, params.length - 1, params.length];
      conditions.push(`EXISTS (
        WITH RECURSIVE tree AS (
          SELECT t.term_id FROM terms t WHERE t.taxonomy = $${tax} AND (t.slug = $${slug} OR t.term_id = $${id}::bigint)
          UNION SELECT c.term_id FROM terms c JOIN tree ON c.parent = tree.term_id)
        SELECT 1 FROM term_relationships r JOIN tree ON tree.term_id = r.term_id WHERE r.post_id = p.id)`);
    }
    let order = query.order === 'menu' ? 'p.menu_order, p.post_title, p.id' : 'p.post_date_gmt DESC, p.id DESC';
    const startOf = (keyParam: number) => `(SELECT CASE WHEN s.meta_value ~ '^-?[0-9]+$' THEN s.meta_value::bigint END
        FROM postmeta s WHERE s.post_id = p.id AND s.meta_key = $${keyParam})`;
    if (query.start && (query.start.fromMs !== undefined || query.start.beforeMs !== undefined)) {
      params.push(query.start.key);
      const startExpr = startOf(params.length);
      if (query.start.fromMs !== undefined) {
        params.push(query.start.fromMs);
        conditions.push(`${startExpr} >= $${params.length}`);
      }
      if (query.start.beforeMs !== undefined) {
        params.push(query.start.beforeMs);
        conditions.push(`${startExpr} < $${params.length}`);
      }
    }
    // The count takes the filter's parameters only; the page query adds the ordering's and the paging.
    const pageParams = [...params];
    if (query.start) {
      pageParams.push(query.start.key);
      order = `${startOf(pageParams.length)} ${query.start.descending ? 'DESC' : 'ASC'} NULLS LAST, p.id`;
    }
    const where = conditions.join(' AND ');
    const count = await this.pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM posts p WHERE ${where}`, params);
    const rows = await this.pool.query<PostRow>(
      `WITH page AS (SELECT p.id, row_number() OVER () AS n FROM (
         SELECT p.id FROM posts p WHERE ${where} ORDER BY ${order} LIMIT $${pageParams.length + 1} OFFSET $${pageParams.length + 2}) p)
       SELECT ${POST_COLUMNS} FROM page JOIN posts p ON p.id = page.id ORDER BY page.n`,
      [...pageParams, query.paging.perPage, query.paging.offset],
    );
    return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
  }

  /** Terms, authors and featured images of a set of posts, in four queries whatever the page size. */
  async relations(posts: PostRow[]): Promise<PostRelations> {
    const relations = emptyRelations();
    if (posts.length === 0) return relations;
    const ids = posts.map((p) => p.id);
    const authorIds = [...new Set(posts.map((p) => p.post_author).filter((a): a is number => a !== null))];
    const imageIds = [...new Set(posts.map((p) => Number(p.meta['_thumbnail_id'])).filter((n) => Number.isInteger(n) && n > 0))];
    const [terms, authors, images] = await Promise.all([
      this.pool.query<TermRow & { post_id: number }>(
        `SELECT r.post_id, t.term_id, t.taxonomy, t.name, t.slug, t.parent FROM term_relationships r
           JOIN terms t ON t.term_id = r.term_id WHERE r.post_id = ANY($1::bigint[]) ORDER BY r.post_id, r.term_order, t.term_id`,
        [ids],
      ),
      authorIds.length
        ? this.pool.query<AuthorRow>(`SELECT id, display_name, user_email FROM users WHERE id = ANY($1::bigint[])`, [authorIds])
        : Promise.resolve({ rows: [] as AuthorRow[] }),
      imageIds.length
        ? this.pool.query<ImageRow>(
            `SELECT p.id,
                    coalesce(max(m.meta_value) FILTER (WHERE m.meta_key = '_wp_attached_file'), '') AS file,
                    coalesce(max(m.meta_value) FILTER (WHERE m.meta_key = '_wp_attachment_width'), '0')::int AS width,
                    coalesce(max(m.meta_value) FILTER (WHERE m.meta_key = '_wp_attachment_height'), '0')::int AS height,
                    coalesce(max(m.meta_value) FILTER (WHERE m.meta_key = '_wp_attachment_mime_type'), 'image/png') AS mime_type
               FROM posts p JOIN postmeta m ON m.post_id = p.id
              WHERE p.id = ANY($1::bigint[]) AND p.post_type = 'attachment' GROUP BY p.id`,
            [imageIds],
          )
        : Promise.resolve({ rows: [] as ImageRow[] }),
    ]);
    const taxonomies = new Set<string>();
    for (const row of terms.rows) {
      const { post_id, ...term } = row;
      taxonomies.add(term.taxonomy);
      const list = relations.termsByPost.get(post_id) ?? [];
      list.push(term);
      relations.termsByPost.set(post_id, list);
    }
    // Folder paths need every ancestor: load the whole hierarchy of the folder taxonomies involved.
    const hierarchical = [...taxonomies].filter((t) => t.endsWith('_folder'));
    if (hierarchical.length) {
      for (const term of await this.terms(hierarchical)) relations.termsById.set(term.term_id, term);
    }
    for (const author of authors.rows) relations.authors.set(author.id, author);
    for (const image of images.rows) if (image.file) relations.images.set(image.id, image);
    return relations;
  }

  async terms(taxonomies: readonly string[]): Promise<TermRow[]> {
    const result = await this.pool.query<TermRow>(
      `SELECT term_id, taxonomy, name, slug, parent FROM terms WHERE taxonomy = ANY($1::text[]) ORDER BY taxonomy, name, term_id`,
      [taxonomies],
    );
    return result.rows;
  }

  /**
   * Applies column and meta changes to a post of one of the given types and stamps the change time
   * (the clock read under the change lock).
   */
  async update(id: number, types: readonly string[], fields: Record<string, string>, meta: Record<string, string | null>): Promise<boolean> {
    this.cursors.touched();
    return this.changes.write(async (client, now) => {
      const sets = ['modified_at = $3'];
      const params: unknown[] = [id, types, now];
      for (const [key, value] of Object.entries(fields)) {
        if (!UPDATABLE.includes(key)) throw new Error(`not an updatable post column: ${key}`);
        params.push(value);
        sets.push(`${key} = $${params.length}`);
      }
      const updated = await client.query(`UPDATE posts SET ${sets.join(', ')} WHERE id = $1 AND post_type = ANY($2::text[])`, params);
      if ((updated.rowCount ?? 0) === 0) return false;
      await writeMeta(client, 'postmeta', 'post_id', id, meta);
      return true;
    });
  }

  /**
   * Records or removes a member's attendance, keeps `_event_attending_count` in step and stamps the
   * event's change time (the clock read under the change lock).
   */
  async setAttendance(postId: number, userId: number, attending: boolean): Promise<void> {
    this.cursors.touched();
    await this.changes.write(async (client, now) => {
      const changed = attending
        ? await client.query(`INSERT INTO event_attendees (post_id, user_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [postId, userId, now])
        : await client.query(`DELETE FROM event_attendees WHERE post_id = $1 AND user_id = $2`, [postId, userId]);
      if ((changed.rowCount ?? 0) === 0) return;
      await client.query(
        `INSERT INTO postmeta (post_id, meta_key, meta_value) VALUES ($1, '_event_attending_count', $2)
         ON CONFLICT (post_id, meta_key) DO UPDATE SET meta_value =
           greatest(0, (CASE WHEN postmeta.meta_value ~ '^[0-9]+$' THEN postmeta.meta_value::int ELSE 0 END) + $3)::text`,
        [postId, attending ? '1' : '0', attending ? 1 : -1],
      );
      await client.query(`UPDATE posts SET modified_at = $2 WHERE id = $1`, [postId, now]);
    });
  }

  async attendingOf(userId: number, postIds: number[]): Promise<Set<number>> {
    if (postIds.length === 0) return new Set();
    const result = await this.pool.query<{ post_id: number }>(`SELECT post_id FROM event_attendees WHERE user_id = $1 AND post_id = ANY($2::bigint[])`, [
      userId,
      postIds,
    ]);
    return new Set(result.rows.map((r) => r.post_id));
  }

  async countByType(): Promise<Record<string, Record<string, number>>> {
    const result = await this.pool.query<{ post_type: string; post_status: string; n: number }>(
      `SELECT post_type, post_status, count(*)::int AS n FROM posts GROUP BY post_type, post_status ORDER BY post_type, post_status`,
    );
    const counts: Record<string, Record<string, number>> = {};
    for (const row of result.rows) (counts[row.post_type] ??= {})[row.post_status] = row.n;
    return counts;
  }
}
