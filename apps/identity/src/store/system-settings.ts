import { isRotationStrategy } from '../domain/rotation-strategy';
import { DEFAULT_SETTINGS, STORAGE_PROVIDERS, type SettingsValues, type StorageProvider } from '../domain/system-settings';
import type { Db } from './db';

const SETTINGS_ID = 1;

export interface StoredSettings {
  values: SettingsValues;
  /** name → sealed value */
  secrets: Record<string, string>;
}

const asStorageProvider = (value: string): StorageProvider =>
  (STORAGE_PROVIDERS as readonly string[]).includes(value) ? (value as StorageProvider) : DEFAULT_SETTINGS.defaultStorageProvider;

function secretsOf(json: unknown): Record<string, string> {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return {};
  return Object.fromEntries(Object.entries(json as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The settings: the stored row, or the defaults before anyone saved any. */
export async function readSettings(db: Db): Promise<StoredSettings> {
  const row = await db.systemSettings.findUnique({ where: { id: SETTINGS_ID } });
  if (!row) return { values: { ...DEFAULT_SETTINGS }, secrets: {} };
  return {
    values: {
      allowPublicRegistration: row.allowPublicRegistration,
      maxOrganisationsPerUser: row.maxOrganisationsPerUser,
      defaultStorageProvider: asStorageProvider(row.defaultStorageProvider),
      tokenRotationStrategy: isRotationStrategy(row.tokenRotationStrategy) ? row.tokenRotationStrategy : DEFAULT_SETTINGS.tokenRotationStrategy,
      maxActiveTokensPerUser: row.maxActiveTokensPerUser,
    },
    secrets: secretsOf(row.secrets),
  };
}

/** Locks the settings row for an update (creating it with the defaults the first time). */
export async function lockSettings(db: Db): Promise<StoredSettings> {
  await db.$executeRawUnsafe('INSERT INTO system_settings (id, updated_at) VALUES ($1, now()) ON CONFLICT (id) DO NOTHING', SETTINGS_ID);
  await db.$queryRawUnsafe('SELECT id FROM system_settings WHERE id = $1 FOR UPDATE', SETTINGS_ID);
  return readSettings(db);
}

export async function saveSettings(db: Db, settings: StoredSettings, updatedBy: string | null): Promise<void> {
  await db.systemSettings.update({ where: { id: SETTINGS_ID }, data: { ...settings.values, secrets: settings.secrets, updatedBy } });
}
