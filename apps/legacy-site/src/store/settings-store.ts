import type { Pool } from 'pg';

export const SETTING_SYNC_KEY = 'sync_key';
export const SETTING_READ_ONLY = 'read_only';

/** The plugin's options (Sync tab: sync key; General tab: read-only mode). */
export class SettingsStore {
  constructor(private readonly pool: Pool) {}

  /** True when the database answers a trivial query. */
  async reachable(): Promise<boolean> {
    try {
      await this.pool.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  async get(key: string): Promise<string | undefined> {
    const result = await this.pool.query<{ value: string }>(`SELECT value FROM settings WHERE key = $1`, [key]);
    return result.rows[0]?.value;
  }

  async set(key: string, value: string): Promise<void> {
    await this.pool.query(`INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [key, value]);
  }

  async remove(key: string): Promise<void> {
    await this.pool.query(`DELETE FROM settings WHERE key = $1`, [key]);
  }

  async syncKey(): Promise<string | undefined> {
    return this.get(SETTING_SYNC_KEY);
  }

  async readOnly(): Promise<boolean> {
    return (await this.get(SETTING_READ_ONLY)) === '1';
  }

  async setReadOnly(on: boolean): Promise<void> {
    await this.set(SETTING_READ_ONLY, on ? '1' : '0');
  }
}
