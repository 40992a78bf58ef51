import type { Pool } from 'pg';
import type { Paging } from '../domain/paging';
import type { Meta, UserRow } from '../domain/rows';
import type { ChangeLock } from './change-lock';
import { PageCursors } from './page-cursors';
import { present } from '../domain/present';

const USER_COLUMNS = `u.id, u.user_login, u.user_nicename, u.user_email, u.user_url, u.user_registered, u.display_name,
  u.role, u.modified_at,
  coalesce((SELECT jsonb_object_agg(m.meta_key, m.meta_value) FROM usermeta m WHERE m.user_id = u.id), '{}'::jsonb) AS meta`;

export interface UserWithPassword extends UserRow {
  user_pass: string;
}

export interface NewUser {
  user_login: string;
  user_pass: string;
  user_nicename: string;
  user_email: string;
  display_name: string;
  role: string;
  meta: Meta;
}

export interface DirectoryQuery {
  search?: string;
  paging: Paging;
  roles: string[];
}

/** Users and usermeta. */
export class UsersStore {
  constructor(
    private readonly pool: Pool,
    private readonly changes: ChangeLock,
    private readonly cursors = new PageCursors(),
  ) {}

  /**
   * One page of users ordered by id, optionally only those modified at or after `since`, with the
   * total. Ordering by id keeps a record's place fixed while others change during a pull. Read under
   * the shared change lock (see ChangeLock): a change stamped but not yet committed is waited for.
   */
  async page(paging: Paging, since?: Date): Promise<{ rows: UserRow[]; total: number }> {
    const cursor = this.cursors.before('members', since, paging.perPage, paging.page);
    const after = cursor?.lastId;
    const filter = since ? 'u.modified_at >= $1' : 'TRUE';
    const base: unknown[] = since ? [since] : [];
    const limit = `$${base.length + 1}`;
    const rest = `$${base.length + 2}`;
    const pageQuery =
      after !== undefined
        ? `SELECT u.id FROM users u WHERE ${filter} AND u.id > ${rest} ORDER BY u.id LIMIT ${limit}`
        : `SELECT u.id FROM users u WHERE ${filter} ORDER BY u.id LIMIT ${limit} OFFSET ${rest}`;
    const [rows, total] = await this.changes.read(async (client) => {
      // Ids first (an index-only scan), meta only for the page: select-list subqueries would
      // otherwise run for every skipped row of an OFFSET.
      const page = await client.query<UserRow>(`WITH page AS (${pageQuery}) SELECT ${USER_COLUMNS} FROM page JOIN users u ON u.id = page.id ORDER BY u.id`, [
        ...base,
        paging.perPage,
        after ?? paging.offset,
      ]);
      // Checked under the lock: a write through this process that committed before is counted.
      const knownTotal = this.cursors.totalOf(cursor);
      if (knownTotal !== undefined) return [page, knownTotal] as const;
      const count = await client.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u WHERE ${filter}`, base);
      return [page, count.rows[0]?.total ?? 0] as const;
    });
    const last = rows.rows.at(-1);
    if (last && rows.rows.length === paging.perPage) this.cursors.remember('members', since, paging.perPage, paging.page, last.id, total);
    return { rows: rows.rows, total };
  }

  async findById(id: number): Promise<UserRow | undefined> {
    const result = await this.pool.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
    return result.rows[0];
  }

  /**
   * The user a login names: by login, else by email exactly, else by email ignoring case (the lowest
   * id when several addresses differ only in case).
   */
  async findForLogin(identifier: string): Promise<UserWithPassword | undefined> {
    const result = await this.pool.query<UserWithPassword>(
      `SELECT ${USER_COLUMNS}, u.user_pass FROM users u
        WHERE u.user_login = $1 OR lower(u.user_email) = lower($1)
        ORDER BY (u.user_login = $1) DESC, (u.user_email = $1) DESC, u.id
        LIMIT 1`,
      [identifier],
    );
    return result.rows[0];
  }

  async emailTaken(email: string, exceptId?: number): Promise<boolean> {
    const result = await this.pool.query(`SELECT 1 FROM users WHERE lower(user_email) = lower($1) AND id <> $2 LIMIT 1`, [email, exceptId ?? 0]);
    return (result.rowCount ?? 0) > 0;
  }

  async loginTaken(login: string): Promise<boolean> {
    const result = await this.pool.query(`SELECT 1 FROM users WHERE user_login = $1`, [login]);
    return (result.rowCount ?? 0) > 0;
  }

  /** Inserts a user registered and modified now (the clock read under the change lock). */
  async create(user: NewUser): Promise<number> {
    this.cursors.touched();
    return this.changes.write(async (client, now) => {
      const inserted = await client.query<{ id: number }>(
        `INSERT INTO users (user_login, user_pass, user_nicename, user_email, user_registered, display_name, role, modified_at)
         VALUES ($1, $2, $3, $4, date_trunc('second', $5::timestamptz AT TIME ZONE 'UTC'), $6, $7, $5) RETURNING id`,
        [user.user_login, user.user_pass, user.user_nicename, user.user_email, now, user.display_name, user.role],
      );
      const id = present(inserted.rows[0], 'the inserted user').id;
      const keys = Object.keys(user.meta);
      if (keys.length > 0) {
        await client.query(`INSERT INTO usermeta (user_id, meta_key, meta_value) SELECT $1, * FROM unnest($2::text[], $3::text[])`, [
          id,
          keys,
          keys.map((k) => user.meta[k]),
        ]);
      }
      return id;
    });
  }

  /**
   * Applies column and meta changes (null deletes a meta key) and stamps the change time (the clock
   * read under the change lock).
   */
  async update(id: number, fields: Record<string, string>, meta: Record<string, string | null>): Promise<boolean> {
    const allowed = ['user_email', 'display_name', 'user_url'];
    this.cursors.touched();
    return this.changes.write(async (client, now) => {
      const sets = ['modified_at = $2'];
      const params: unknown[] = [id, now];
      for (const [key, value] of Object.entries(fields)) {
        if (!allowed.includes(key)) throw new Error(`not an updatable user column: ${key}`);
        params.push(value);
        sets.push(`${key} = $${params.length}`);
      }
      const updated = await client.query(`UPDATE users SET ${sets.join(', ')} WHERE id = $1`, params);
      if ((updated.rowCount ?? 0) === 0) return false;
      await writeMeta(client, 'usermeta', 'user_id', id, meta);
      return true;
    });
  }

  /** Members listed in the app's directory: given roles, not excluded from listing. */
  async directory(query: DirectoryQuery): Promise<{ rows: UserRow[]; total: number }> {
    const params: unknown[] = [query.roles];
    let where = `u.role = ANY($1) AND NOT EXISTS (
      SELECT 1 FROM usermeta x WHERE x.user_id = u.id AND x.meta_key = 'is_exclude_listing' AND x.meta_value IN ('1', 'true', 'yes', 'on'))`;
    if (query.search) {
      params.push(`%${escapeLike(query.search)}%`);
      where += ` AND (u.display_name ILIKE $${params.length} OR u.user_email ILIKE $${params.length})`;
    }
    const count = await this.pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u WHERE ${where}`, params);
    params.push(query.paging.perPage, query.paging.offset);
    const rows = await this.pool.query<UserRow>(
      `WITH page AS (SELECT u.id, u.display_name FROM users u WHERE ${where}
                      ORDER BY u.display_name, u.id LIMIT $${params.length - 1} OFFSET $${params.length})
       SELECT ${USER_COLUMNS} FROM page JOIN users u ON u.id = page.id ORDER BY page.display_name, page.id`,
      params,
    );
    return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
  }

  async setPassword(id: number, hash: string): Promise<void> {
    await this.pool.query(`UPDATE users SET user_pass = $2 WHERE id = $1`, [id, hash]);
  }

  async countByRole(): Promise<Record<string, number>> {
    const result = await this.pool.query<{ role: string; n: number }>(`SELECT role, count(*)::int AS n FROM users GROUP BY role ORDER BY role`);
    return Object.fromEntries(result.rows.map((r) => [r.role, r.n]));
  }
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Upserts meta keys with a string value and deletes those set to null. */
export async function writeMeta(
  client: Pick<Pool, 'query'>,
  table: 'usermeta' | 'postmeta',
  owner: 'user_id' | 'post_id',
  id: number,
  meta: Record<string, string | null>,
): Promise<void> {
  const set = Object.entries(meta).filter((e): e is [string, string] => e[1] !== null);
  const removed = Object.entries(meta)
    .filter(([, v]) => v === null)
    .map(([k]) => k);
  if (set.length > 0) {
    await client.query(
      `INSERT INTO ${table} (${owner}, meta_key, meta_value) SELECT $1, * FROM unnest($2::text[], $3::text[])
       ON CONFLICT (${owner}, meta_key) DO UPDATE SET meta_value = EXCLUDED.meta_value`,
      [id, set.map(([k]) => k), set.map(([, v]) => v)],
    );
  }
  if (removed.length > 0) {
    await client.query(`DELETE FROM ${table} WHERE ${owner} = $1 AND meta_key = ANY($2::text[])`, [id, removed]);
  }
}
