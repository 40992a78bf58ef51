import type { Pool, PoolClient } from 'pg';
import { parseCmsDate } from '../domain/dates';
import type { SeedPost, SeedTerm, SeedUser, SiteData } from '../seed/site-data';
import { hashToken } from '../domain/tokens';
import { inTransaction } from './db';

const BATCH = 2000;

const CONTENT_TABLES = [
  'enquiries',
  'event_attendees',
  'device_tokens',
  'deeplink_keys',
  'sessions',
  'term_relationships',
  'terms',
  'postmeta',
  'posts',
  'usermeta',
  'users',
];

export interface LoadOptions {
  /** Hashes a plain password; called once per distinct password. */
  hashPassword: (plain: string) => Promise<string>;
  /** Empties the content tables first (settings are kept). */
  reset?: boolean;
  onProgress?: (what: string, count: number) => void;
}

export interface LoadCounts {
  users: number;
  terms: number;
  posts: number;
}

function* chunks<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/**
 * Loads a data set with multi-row inserts from arrays (`unnest`), a few thousand rows per statement,
 * in one transaction; then moves the id sequences past the loaded ids and refreshes statistics.
 */
export async function loadSite(pool: Pool, data: SiteData, options: LoadOptions): Promise<LoadCounts> {
  const hashes = new Map<string, Promise<string>>();
  const hash = (plain: string) => {
    let h = hashes.get(plain);
    if (!h) {
      h = options.hashPassword(plain);
      hashes.set(plain, h);
    }
    return h;
  };
  const counts = await inTransaction(pool, async (client) => {
    if (options.reset) await client.query(`TRUNCATE ${CONTENT_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
    const counts: LoadCounts = { users: 0, terms: 0, posts: 0 };
    for (const batch of chunks(data.users, BATCH)) {
      await insertUsers(client, batch, await Promise.all(batch.map((u) => hash(u.password))));
      counts.users += batch.length;
      options.onProgress?.('users', counts.users);
    }
    const terms = [...data.terms];
    await insertTerms(client, terms);
    counts.terms = terms.length;
    for (const batch of chunks(data.posts, BATCH)) {
      await insertPosts(client, batch);
      counts.posts += batch.length;
      options.onProgress?.('posts', counts.posts);
    }
    for (const key of data.deeplink_keys ?? []) {
      await client.query(`INSERT INTO deeplink_keys (key_hash, user_id, expires_at) VALUES ($1, $2, $3)`, [
        hashToken(key.key),
        key.user_id,
        parseCmsDate(key.expires_gmt),
      ]);
    }
    for (const [table, column] of [
      ['users', 'id'],
      ['posts', 'id'],
      ['terms', 'term_id'],
      ['enquiries', 'id'],
    ]) {
      await client.query(`SELECT setval(pg_get_serial_sequence('${table}', '${column}'), coalesce((SELECT max(${column}) FROM ${table}), 0) + 1, false)`);
    }
    return counts;
  });
  // Sets the visibility map as well as the statistics, so paging by id is an index-only scan at once
  // rather than after autovacuum gets round to the fresh rows.
  for (const table of ['users', 'usermeta', 'posts', 'postmeta', 'terms', 'term_relationships']) {
    await pool.query(`VACUUM (ANALYZE) ${table}`);
  }
  return counts;
}

async function insertUsers(client: PoolClient, users: SeedUser[], hashes: string[]): Promise<void> {
  await client.query(
    `INSERT INTO users (id, user_login, user_pass, user_nicename, user_email, user_url, user_registered, display_name, role, modified_at)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamp[], $8::text[],
                          $9::text[], $10::timestamptz[])`,
    [
      users.map((u) => u.id),
      users.map((u) => u.user_login),
      hashes,
      users.map((u) => u.user_nicename),
      users.map((u) => u.user_email),
      users.map((u) => u.user_url ?? ''),
      users.map((u) => u.user_registered),
      users.map((u) => u.display_name),
      users.map((u) => u.role),
      users.map((u) => parseCmsDate(u.modified_gmt ?? u.user_registered)),
    ],
  );
  await insertMeta(
    client,
    'usermeta',
    'user_id',
    users.map((u) => [u.id, u.meta]),
  );
}

async function insertMeta(
  client: PoolClient,
  table: 'usermeta' | 'postmeta',
  owner: 'user_id' | 'post_id',
  rows: [number, Record<string, string> | undefined][],
): Promise<void> {
  const ids: number[] = [];
  const keys: string[] = [];
  const values: string[] = [];
  for (const [id, meta] of rows) {
    for (const [key, value] of Object.entries(meta ?? {})) {
      ids.push(id);
      keys.push(key);
      values.push(value);
    }
  }
  if (ids.length === 0) return;
  await client.query(`INSERT INTO ${table} (${owner}, meta_key, meta_value) SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[])`, [ids, keys, values]);
}

async function insertTerms(client: PoolClient, terms: SeedTerm[]): Promise<void> {
  if (terms.length === 0) return;
  await client.query(`INSERT INTO terms (term_id, taxonomy, name, slug) SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[])`, [
    terms.map((t) => t.term_id),
    terms.map((t) => t.taxonomy),
    terms.map((t) => t.name),
    terms.map((t) => t.slug),
  ]);
  const children = terms.filter((t) => t.parent !== null);
  if (children.length) {
    await client.query(`UPDATE terms SET parent = c.parent FROM unnest($1::bigint[], $2::bigint[]) AS c(term_id, parent) WHERE terms.term_id = c.term_id`, [
      children.map((t) => t.term_id),
      children.map((t) => t.parent),
    ]);
  }
}

async function insertPosts(client: PoolClient, posts: SeedPost[]): Promise<void> {
  await client.query(
    `INSERT INTO posts (id, post_type, post_status, post_author, post_title, post_content, post_excerpt, post_name, post_parent,
                        menu_order, post_date_gmt, modified_at)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::text[], $8::text[],
                          $9::bigint[], $10::int[], $11::timestamp[], $12::timestamptz[])`,
    [
      posts.map((p) => p.id),
      posts.map((p) => p.post_type),
      posts.map((p) => p.post_status),
      posts.map((p) => p.post_author),
      posts.map((p) => p.post_title),
      posts.map((p) => p.post_content ?? ''),
      posts.map((p) => p.post_excerpt ?? ''),
      posts.map((p) => p.post_name),
      posts.map((p) => p.post_parent ?? null),
      posts.map((p) => p.menu_order ?? 0),
      posts.map((p) => p.post_date_gmt),
      posts.map((p) => parseCmsDate(p.post_modified_gmt ?? p.post_date_gmt)),
    ],
  );
  await insertMeta(
    client,
    'postmeta',
    'post_id',
    posts.map((p) => [p.id, p.meta]),
  );
  const rel = posts.flatMap((p) => (p.terms ?? []).map((termId, order) => [p.id, termId, order] as const));
  if (rel.length) {
    await client.query(`INSERT INTO term_relationships (post_id, term_id, term_order) SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::int[])`, [
      rel.map((r) => r[0]),
      rel.map((r) => r[1]),
      rel.map((r) => r[2]),
    ]);
  }
}

/** True when the site has no users yet (a fresh schema). */
export async function isEmpty(pool: Pool): Promise<boolean> {
  const result = await pool.query(`SELECT 1 FROM users LIMIT 1`);
  return (result.rowCount ?? 0) === 0;
}
