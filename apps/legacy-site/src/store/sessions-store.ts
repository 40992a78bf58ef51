import type { Pool } from 'pg';
import { inTransaction } from './db';

export interface SessionRow {
  id: string;
  user_id: number;
  device_token: string | null;
  expires_at: Date;
  revoked_at: Date | null;
}

/** Login sessions (refresh tokens, stored hashed), invitation deeplink keys and device push tokens. */
export class SessionsStore {
  constructor(private readonly pool: Pool) {}

  async create(session: { id: string; userId: number; refreshHash: string; deviceToken?: string; now: Date; expiresAt: Date }): Promise<void> {
    await this.pool.query(`INSERT INTO sessions (id, user_id, refresh_hash, device_token, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
      session.id,
      session.userId,
      session.refreshHash,
      session.deviceToken ?? null,
      session.now,
      session.expiresAt,
    ]);
  }

  async find(id: string): Promise<SessionRow | undefined> {
    const result = await this.pool.query<SessionRow>(`SELECT id, user_id, device_token, expires_at, revoked_at FROM sessions WHERE id = $1`, [id]);
    return result.rows[0];
  }

  /**
   * Swaps a live refresh token for a new one (rotation): the old one stops working. Returns the
   * session, or nothing when the token is unknown, revoked or expired.
   */
  async rotate(oldHash: string, newHash: string, now: Date, expiresAt: Date): Promise<SessionRow | undefined> {
    const result = await this.pool.query<SessionRow>(
      `UPDATE sessions SET refresh_hash = $2, expires_at = $4
        WHERE refresh_hash = $1 AND revoked_at IS NULL AND expires_at > $3
        RETURNING id, user_id, device_token, expires_at, revoked_at`,
      [oldHash, newHash, now, expiresAt],
    );
    return result.rows[0];
  }

  async revoke(id: string, now: Date): Promise<void> {
    await this.pool.query(`UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL`, [id, now]);
  }

  async setDevice(sessionId: string, token: string): Promise<void> {
    await this.pool.query(`UPDATE sessions SET device_token = $2 WHERE id = $1`, [sessionId, token]);
  }

  /** Adds a device to the push subscription list (a token moves to the user who last signed in on it). */
  async subscribeDevice(userId: number, token: string, platform: string, now: Date): Promise<void> {
    await this.pool.query(
      `INSERT INTO device_tokens (token, user_id, platform, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (token) DO UPDATE SET user_id = EXCLUDED.user_id, platform = EXCLUDED.platform`,
      [token, userId, platform, now],
    );
  }

  async unsubscribeDevice(userId: number, token: string): Promise<boolean> {
    const result = await this.pool.query(`DELETE FROM device_tokens WHERE token = $1 AND user_id = $2`, [token, userId]);
    return (result.rowCount ?? 0) > 0;
  }

  async devicesOf(userId: number): Promise<{ token: string; platform: string; created_at: Date }[]> {
    const result = await this.pool.query<{ token: string; platform: string; created_at: Date }>(
      `SELECT token, platform, created_at FROM device_tokens WHERE user_id = $1 ORDER BY created_at, token`,
      [userId],
    );
    return result.rows;
  }

  async countDevices(): Promise<number> {
    const result = await this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM device_tokens`);
    return result.rows[0]?.n ?? 0;
  }

  async createDeeplinkKey(keyHash: string, userId: number, expiresAt: Date): Promise<void> {
    await this.pool.query(`INSERT INTO deeplink_keys (key_hash, user_id, expires_at) VALUES ($1, $2, $3)`, [keyHash, userId, expiresAt]);
  }

  /** Uses up a deeplink key: the user id when it was valid, unused and unexpired. */
  async consumeDeeplinkKey(keyHash: string, now: Date): Promise<number | undefined> {
    return inTransaction(this.pool, async (client) => {
      const result = await client.query<{ user_id: number }>(
        `UPDATE deeplink_keys SET used_at = $2 WHERE key_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
        [keyHash, now],
      );
      return result.rows[0]?.user_id;
    });
  }
}
