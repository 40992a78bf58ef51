import type { components } from '@platform/api-client';

export type Connector = components['schemas']['platform.connector.v1.Connector'];
export type SyncJob = components['schemas']['platform.connector.v1.SyncJob'];
export type EntityProgress = components['schemas']['platform.connector.v1.EntityProgress'];
export type ConnectionCheck = components['schemas']['platform.connector.v1.ConnectionCheck'];

/** The wizard's steps in order: the site and its key, what to import and how, the checks, the sync. */
export const WIZARD_STEPS = ['site', 'entities', 'checks', 'sync'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** What the legacy site can give, in import order (the connector type's `entityTypes`). */
export const ENTITY_TYPES = ['MEMBERS', 'COMPANIES', 'ARTICLES', 'EVENTS', 'CONFERENCES', 'DOCUMENTS'] as const;
/** The five checks of a connection test, in the order the service runs them. */
export const CHECK_NAMES = ['SITE_REACHABLE', 'PING_OK', 'SYNC_KEY_ACCEPTED', 'PLUGIN_VERSION', 'ENTITY_TYPES_READABLE'] as const;
export const LOG_ACTIONS = ['CREATE', 'UPDATE', 'SKIP', 'CONFLICT', 'FAILED'] as const;

export interface WizardValues {
  name: string;
  siteUrl: string;
  syncKey: string;
  enabledEntityTypes: string[];
  /** Minutes between scheduled syncs, as typed; "0" or "" is manual only. */
  syncIntervalMinutes: string;
  copyImages: boolean;
  copyDocumentFiles: boolean;
  /** The site's fixed UTC offset, `+10:00`. */
  sourceTimezone: string;
}

/** The viewer's current UTC offset as the connector takes it (`+01:00`), a sensible first guess. */
export function offsetOf(minutesEast: number): string {
  const sign = minutesEast < 0 ? '-' : '+';
  const abs = Math.abs(minutesEast);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export function initialValues(connector?: Connector, minutesEast = -new Date().getTimezoneOffset(), available: readonly string[] = ENTITY_TYPES): WizardValues {
  const config = connector?.config;
  return {
    name: connector?.name ?? '',
    siteUrl: config?.siteUrl ?? '',
    syncKey: '',
    enabledEntityTypes: config?.enabledEntityTypes?.length ? [...config.enabledEntityTypes] : [...available],
    syncIntervalMinutes: config?.syncIntervalMinutes ? String(config.syncIntervalMinutes) : '0',
    copyImages: config?.copyImages ?? true,
    copyDocumentFiles: config?.copyDocumentFiles ?? true,
    sourceTimezone: config?.sourceTimezone || offsetOf(minutesEast),
  };
}

/**
 * The problems of one step (field → adminContent `migration.errors.<key>`): a step is left only
 * without any. `keySaved`: a key is already stored (editing), so the field may stay empty.
 */
export function validateStep(step: WizardStep, v: WizardValues, keySaved = false): Record<string, string> {
  const errors: Record<string, string> = {};
  if (step === 'site') {
    if (!v.name.trim()) errors['name'] = 'required';
    try {
      const url = new URL(v.siteUrl.trim());
      if (url.protocol !== 'http:' && url.protocol !== 'https:') errors['siteUrl'] = 'url';
    } catch {
      errors['siteUrl'] = v.siteUrl.trim() ? 'url' : 'required';
    }
    if (!v.syncKey.trim() && !keySaved) errors['syncKey'] = 'required';
  }
  if (step === 'entities') {
    if (v.enabledEntityTypes.length === 0) errors['enabledEntityTypes'] = 'oneType';
    const interval = v.syncIntervalMinutes.trim();
    if (interval && !/^\d+$/.test(interval)) errors['syncIntervalMinutes'] = 'interval';
    if (!/^[+-](0\d|1[0-4]):[0-5]\d$/.test(v.sourceTimezone.trim())) errors['sourceTimezone'] = 'timezone';
  }
  return errors;
}

/** The step after `step` when it has no problems, else `step` itself. */
export function nextStep(step: WizardStep, v: WizardValues, keySaved = false): WizardStep {
  if (Object.keys(validateStep(step, v, keySaved)).length) return step;
  const i = WIZARD_STEPS.indexOf(step);
  return WIZARD_STEPS[Math.min(i + 1, WIZARD_STEPS.length - 1)] ?? step;
}

/** The connector's configuration for a create or an update (the key only when typed: it is write-only). */
export function connectorConfig(v: WizardValues) {
  const interval = Number(v.syncIntervalMinutes.trim() || '0');
  return {
    siteUrl: v.siteUrl.trim().replace(/\/+$/, ''),
    ...(v.syncKey.trim() ? { syncKey: v.syncKey.trim() } : {}),
    enabledEntityTypes: ENTITY_TYPES.filter((type) => v.enabledEntityTypes.includes(type)),
    syncIntervalMinutes: interval,
    copyImages: v.copyImages,
    copyDocumentFiles: v.copyDocumentFiles,
    sourceTimezone: v.sourceTimezone.trim(),
  };
}

/** How many checks to show `elapsedMs` after the answer arrived, one every `stepMs` (one by one). */
export function checksShown(total: number, elapsedMs: number, stepMs = 400): number {
  if (elapsedMs < 0) return 0;
  return Math.min(total, Math.floor(elapsedMs / stepMs) + 1);
}

/** Whether a job has ended (polling stops). */
export const jobFinished = (job: Pick<SyncJob, 'status'> | undefined): boolean => job?.status === 'COMPLETED' || job?.status === 'FAILED';

const processed = (p: EntityProgress): number => (p.created ?? 0) + (p.updated ?? 0) + (p.skipped ?? 0) + (p.conflicts ?? 0) + (p.failed ?? 0);

/**
 * One entity type's progress in percent. The API tells records fetched so far and what was done
 * with them, and `done` once every page was read and written; no total is known beforehand. So a
 * type counts 100 when done, 0 before its first page, and in between up to 90 as the fetched
 * records are written.
 */
export function entityPercent(p: EntityProgress | undefined): number {
  if (!p) return 0;
  if (p.done) return 100;
  const fetched = p.fetched ?? 0;
  if (fetched <= 0) return 0;
  return Math.max(1, Math.min(90, Math.floor((processed(p) / fetched) * 90)));
}

/** The whole job's percent: the mean over the types it imports; 100 only when COMPLETED. */
export function jobPercent(job: Pick<SyncJob, 'status' | 'progress'> | undefined, types: readonly string[]): number {
  if (!job) return 0;
  if (job.status === 'COMPLETED') return 100;
  const list = types.length ? types : (job.progress ?? []).map((p) => p.entityType ?? '');
  if (!list.length) return 0;
  const sum = list.reduce((acc, type) => acc + entityPercent(job.progress?.find((p) => p.entityType === type)), 0);
  return Math.min(99, Math.floor(sum / list.length));
}
