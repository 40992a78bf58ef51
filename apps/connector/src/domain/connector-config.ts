import { PlatformError, type FieldViolation } from '@platform/errors';
import { IMPORTABLE_ENTITY_TYPES, inImportOrder, isEntityType } from './entity-types';
import { MAPPABLE_FIELDS } from './mappings/field-mappings';
import { formatOffset, offsetMinutes } from './timezone';

/** The stored settings of a legacy-site connector (the sync key sealed apart). */
export interface ConnectorSettings {
  siteUrl: string;
  enabledEntityTypes: string[];
  syncIntervalMinutes: number;
  copyImages: boolean;
  copyDocumentFiles: boolean;
  fieldMappings: Record<string, string>;
  sourceTimezone: string;
  /** Platform changes go back to the site (false: a read-only site gets nothing). */
  writeBack: boolean;
}

/** A create's or update's config as the RPC gives it (every field optional). */
export interface ConfigInput {
  siteUrl?: string;
  syncKey?: string;
  enabledEntityTypes: string[];
  syncIntervalMinutes?: number;
  copyImages?: boolean;
  copyDocumentFiles?: boolean;
  fieldMappings: Record<string, string>;
  sourceTimezone?: string;
  writeBack?: boolean;
  apiUrl?: string;
  apiKey?: string;
  replaceFieldMappings: boolean;
}

export const MAX_INTERVAL_MINUTES = 7 * 24 * 60;
const SOURCE_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

const field = (name: string) => `config.${name}`;

function siteUrlViolation(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute http(s) URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'must be an http or https URL';
  if (parsed.username || parsed.password) return 'must not carry a user name or password';
  if (parsed.search || parsed.hash) return 'must not carry a query or fragment';
  return undefined;
}

/** The site URL without a trailing slash and without a trailing `/api/v1` (added by the client). */
export function normaliseSiteUrl(url: string): string {
  return url
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api\/v1$/, '');
}

/**
 * The settings after a create (`current` undefined: defaults for what is absent) or an update
 * (absent fields kept), and the new sync key when one is given. Every problem is a violation on
 * `config.<field>`.
 */
export function resolveSettings(input: ConfigInput | undefined, current?: ConnectorSettings): { settings: ConnectorSettings; syncKey?: string } {
  const v: FieldViolation[] = [];
  const given = input ?? { enabledEntityTypes: [], fieldMappings: {}, replaceFieldMappings: false };
  if (given.siteUrl !== undefined && given.apiUrl !== undefined) v.push({ field: field('apiUrl'), message: 'cannot be given with siteUrl' });
  if (given.syncKey !== undefined && given.apiKey !== undefined) v.push({ field: field('apiKey'), message: 'cannot be given with syncKey' });
  const rawUrl = given.siteUrl ?? given.apiUrl;
  const rawKey = given.syncKey ?? given.apiKey;

  let siteUrl = current?.siteUrl ?? '';
  if (rawUrl !== undefined) {
    const problem = siteUrlViolation(rawUrl.trim());
    if (problem) v.push({ field: field('siteUrl'), message: problem });
    else siteUrl = normaliseSiteUrl(rawUrl);
  } else if (!current) v.push({ field: field('siteUrl'), message: 'is required' });

  let syncKey: string | undefined;
  if (rawKey !== undefined) {
    const key = rawKey.trim();
    if (key.length < 8 || key.length > 256) v.push({ field: field('syncKey'), message: 'must be 8 to 256 characters' });
    else syncKey = key;
  } else if (!current) v.push({ field: field('syncKey'), message: 'is required' });

  let enabledEntityTypes = current?.enabledEntityTypes ?? [...IMPORTABLE_ENTITY_TYPES];
  if (given.enabledEntityTypes.length > 0) {
    const unknown = given.enabledEntityTypes.filter((t) => !isEntityType(t));
    const notYet = given.enabledEntityTypes.filter((t) => isEntityType(t) && !IMPORTABLE_ENTITY_TYPES.includes(t));
    if (unknown.length) v.push({ field: field('enabledEntityTypes'), message: `must name only ${IMPORTABLE_ENTITY_TYPES.join(', ')}` });
    else if (notYet.length) v.push({ field: field('enabledEntityTypes'), message: `${notYet.join(', ')} cannot be imported yet` });
    else enabledEntityTypes = inImportOrder(given.enabledEntityTypes);
  }

  let syncIntervalMinutes = current?.syncIntervalMinutes ?? 0;
  if (given.syncIntervalMinutes !== undefined) {
    const n = given.syncIntervalMinutes;
    if (!Number.isInteger(n) || n < 0 || n > MAX_INTERVAL_MINUTES) {
      v.push({ field: field('syncIntervalMinutes'), message: `must be 0 (manual only) to ${MAX_INTERVAL_MINUTES}` });
    } else syncIntervalMinutes = n;
  }

  let sourceTimezone = current?.sourceTimezone ?? '+00:00';
  if (given.sourceTimezone !== undefined) {
    const minutes = offsetMinutes(given.sourceTimezone);
    if (minutes === undefined) v.push({ field: field('sourceTimezone'), message: 'must be a UTC offset such as +10:00' });
    else sourceTimezone = formatOffset(minutes);
  }

  let fieldMappings = current?.fieldMappings ?? {};
  if (Object.keys(given.fieldMappings).length > 0 || given.replaceFieldMappings) {
    const checked: Record<string, string> = {};
    for (const [key, source] of Object.entries(given.fieldMappings)) {
      const [entity = '', platformField = ''] = key.split('.');
      if (!isEntityType(entity) || !(MAPPABLE_FIELDS[entity] ?? []).includes(platformField)) {
        v.push({ field: `${field('fieldMappings')}.${key}`, message: 'is not a mappable field (see GET /api/connectors/types and docs/connector.md)' });
      } else if (!SOURCE_KEY.test(source)) {
        v.push({ field: `${field('fieldMappings')}.${key}`, message: 'must name a source field (letters, digits, underscores)' });
      } else checked[key] = source;
    }
    fieldMappings = checked;
  }

  if (v.length > 0) throw PlatformError.validation(v);
  return {
    settings: {
      siteUrl,
      enabledEntityTypes,
      syncIntervalMinutes,
      copyImages: given.copyImages ?? current?.copyImages ?? false,
      copyDocumentFiles: given.copyDocumentFiles ?? current?.copyDocumentFiles ?? false,
      fieldMappings,
      sourceTimezone,
      writeBack: given.writeBack ?? current?.writeBack ?? true,
    },
    syncKey,
  };
}
