import type { FieldViolation } from '@platform/errors';
import { ROTATION_STRATEGIES, isRotationStrategy, type RotationStrategy } from './rotation-strategy';

export const STORAGE_PROVIDERS = ['local', 's3', 'object-store'] as const;
export type StorageProvider = (typeof STORAGE_PROVIDERS)[number];

/** The platform settings (spec section 2), secrets aside. */
export interface SettingsValues {
  allowPublicRegistration: boolean;
  maxOrganisationsPerUser: number;
  defaultStorageProvider: StorageProvider;
  tokenRotationStrategy: RotationStrategy;
  maxActiveTokensPerUser: number;
}

export const DEFAULT_SETTINGS: SettingsValues = {
  allowPublicRegistration: true,
  maxOrganisationsPerUser: 10,
  defaultStorageProvider: 'local',
  tokenRotationStrategy: 'CREATE_NEW',
  maxActiveTokensPerUser: 5,
};

export const LIMITS = {
  maxOrganisationsPerUser: { min: 1, max: 1000 },
  maxActiveTokensPerUser: { min: 1, max: 100 },
  secrets: 50,
  secretValueLength: 8192,
} as const;

const SECRET_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

/** A PUT of the settings: absent fields keep their value. */
export interface SettingsUpdate {
  allowPublicRegistration?: boolean;
  maxOrganisationsPerUser?: number;
  defaultStorageProvider?: string;
  tokenRotationStrategy?: string;
  maxActiveTokensPerUser?: number;
  /** name → new value; "" removes the secret. */
  secrets: Record<string, string>;
}

const isStorageProvider = (value: string): value is StorageProvider => (STORAGE_PROVIDERS as readonly string[]).includes(value);

const within = (value: number, { min, max }: { min: number; max: number }) => Number.isInteger(value) && value >= min && value <= max;

/** The settings after an update, or every reason the update is refused (JSON field names). */
export function applySettingsUpdate(current: SettingsValues, update: SettingsUpdate): { values: SettingsValues; violations: FieldViolation[] } {
  const violations: FieldViolation[] = [];
  const values = { ...current };
  if (update.allowPublicRegistration !== undefined) values.allowPublicRegistration = update.allowPublicRegistration;
  if (update.maxOrganisationsPerUser !== undefined) {
    const { min, max } = LIMITS.maxOrganisationsPerUser;
    if (within(update.maxOrganisationsPerUser, LIMITS.maxOrganisationsPerUser)) values.maxOrganisationsPerUser = update.maxOrganisationsPerUser;
    else violations.push({ field: 'maxOrganisationsPerUser', message: `must be an integer from ${min} to ${max}` });
  }
  if (update.maxActiveTokensPerUser !== undefined) {
    const { min, max } = LIMITS.maxActiveTokensPerUser;
    if (within(update.maxActiveTokensPerUser, LIMITS.maxActiveTokensPerUser)) values.maxActiveTokensPerUser = update.maxActiveTokensPerUser;
    else violations.push({ field: 'maxActiveTokensPerUser', message: `must be an integer from ${min} to ${max}` });
  }
  if (update.defaultStorageProvider !== undefined) {
    if (isStorageProvider(update.defaultStorageProvider)) values.defaultStorageProvider = update.defaultStorageProvider;
    else violations.push({ field: 'defaultStorageProvider', message: `must be one of ${STORAGE_PROVIDERS.join(', ')}` });
  }
  if (update.tokenRotationStrategy !== undefined) {
    if (isRotationStrategy(update.tokenRotationStrategy)) values.tokenRotationStrategy = update.tokenRotationStrategy;
    else violations.push({ field: 'tokenRotationStrategy', message: `must be one of ${ROTATION_STRATEGIES.join(', ')}` });
  }
  return { values, violations };
}

/**
 * The sealed secrets after an update: a value replaces (sealed), "" removes, absent names stay.
 * Values are never compared or returned; only names are.
 */
export function applySecretChanges(
  current: Record<string, string>,
  changes: Record<string, string>,
  seal: (plaintext: string) => string,
): { secrets: Record<string, string>; violations: FieldViolation[] } {
  const violations: FieldViolation[] = [];
  const secrets = { ...current };
  for (const [name, value] of Object.entries(changes)) {
    if (!SECRET_NAME.test(name)) {
      violations.push({ field: `secrets.${name}`, message: 'is not a valid secret name (a letter, then letters, digits, _ . -; at most 64)' });
    } else if (value.length > LIMITS.secretValueLength) {
      violations.push({ field: `secrets.${name}`, message: `must be at most ${LIMITS.secretValueLength} characters` });
    } else if (value === '') {
      delete secrets[name];
    } else {
      secrets[name] = seal(value);
    }
  }
  if (Object.keys(secrets).length > LIMITS.secrets) violations.push({ field: 'secrets', message: `may hold at most ${LIMITS.secrets} secrets` });
  return { secrets, violations };
}

/** Which fields an update changed, for the audit entry (names only: never a secret's value). */
export function changedSettings(before: SettingsValues, after: SettingsValues, secretChanges: Record<string, string>): string[] {
  const fields = (Object.keys(before) as (keyof SettingsValues)[]).filter((key) => before[key] !== after[key]);
  return [...fields, ...Object.keys(secretChanges).map((name) => `secrets.${name}`)];
}
