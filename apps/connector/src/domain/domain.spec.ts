import { resolveSettings, normaliseSiteUrl } from './connector-config';
import { adminTransition, statusAfterJob, isScheduled } from './connector-status';
import { connectorTypeOf, LEGACY_SITE_TYPE_ID } from './connector-types';
import { inImportOrder } from './entity-types';
import { count, emptyProgress, progressOf, sumCounts } from './progress';
import { jobTypeToStart, nextSyncAfter, sinceFor, SINCE_SAFETY_MARGIN_MS } from './sync-job-rules';
import { formatOffset, offsetMinutes } from './timezone';
import { versionAtLeast } from '../app/test-connection';

const input = (over: Record<string, unknown> = {}) => ({ enabledEntityTypes: [], fieldMappings: {}, replaceFieldMappings: false, ...over });

describe('connector settings', () => {
  it('needs a site URL and a key on create, keeps the rest on update, and normalises URL and offset', () => {
    expect(() => resolveSettings(input())).toThrow('The request is not valid');
    const { settings, syncKey } = resolveSettings(input({ apiUrl: 'https://site.example/api/v1/', apiKey: 'k'.repeat(16), sourceTimezone: '+1000' }));
    expect(settings).toMatchObject({
      siteUrl: 'https://site.example',
      sourceTimezone: '+10:00',
      syncIntervalMinutes: 0,
      enabledEntityTypes: ['ARTICLES', 'MEMBERS', 'EVENTS', 'CONFERENCES', 'COMPANIES', 'DOCUMENTS', 'NOTIFICATIONS'],
    });
    expect(syncKey).toBe('k'.repeat(16));
    const updated = resolveSettings(input({ syncIntervalMinutes: 15, enabledEntityTypes: ['DOCUMENTS', 'MEMBERS'] }), settings);
    expect(updated.syncKey).toBeUndefined();
    expect(updated.settings).toMatchObject({ siteUrl: 'https://site.example', syncIntervalMinutes: 15, enabledEntityTypes: ['MEMBERS', 'DOCUMENTS'] });
    expect(resolveSettings(input({ replaceFieldMappings: true }), { ...settings, fieldMappings: { 'MEMBERS.city': 'town' } }).settings.fieldMappings).toEqual(
      {},
    );
    expect(normaliseSiteUrl(' https://a.example/ ')).toBe('https://a.example');
  });

  it('reads offsets such as +10:00, -03:30, Z', () => {
    expect(['+10:00', '-03:30', '+0530', 'Z', '+14:00', '+15:00', 'AEST'].map(offsetMinutes)).toEqual([600, -210, 330, 0, 840, undefined, undefined]);
    expect(formatOffset(-210)).toBe('-03:30');
  });
});

describe('connector status and types', () => {
  it('lets an administrator choose ACTIVE, PAUSED or DISABLED, never ERROR', () => {
    expect(adminTransition('ERROR', 'ACTIVE')).toBe('ACTIVE');
    expect(() => adminTransition('ACTIVE', 'ERROR')).toThrow();
  });

  it('goes ERROR on a critical failure, back to ACTIVE on a completed job, and keeps DISABLED', () => {
    expect(statusAfterJob('ACTIVE', 'FAILED', true)).toBe('ERROR');
    expect(statusAfterJob('PAUSED', 'FAILED', false)).toBe('PAUSED');
    expect(statusAfterJob('ERROR', 'COMPLETED', false)).toBe('ACTIVE');
    expect(statusAfterJob('PAUSED', 'COMPLETED', false)).toBe('PAUSED');
    expect(statusAfterJob('DISABLED', 'FAILED', true)).toBe('DISABLED');
    expect([isScheduled('ACTIVE'), isScheduled('ERROR'), isScheduled('PAUSED'), isScheduled('DISABLED')]).toEqual([true, true, false, false]);
  });

  it('finds a type by id or code', () => {
    expect(connectorTypeOf(LEGACY_SITE_TYPE_ID)?.code).toBe('LEGACY_SITE');
    expect(connectorTypeOf('LEGACY_SITE')?.id).toBe(LEGACY_SITE_TYPE_ID);
    expect(inImportOrder(['DOCUMENTS', 'ARTICLES', 'MEMBERS'])).toEqual(['ARTICLES', 'MEMBERS', 'DOCUMENTS']);
  });
});

describe('sync job rules', () => {
  it('runs INITIAL_IMPORT once, then INCREMENTAL by default', () => {
    expect(jobTypeToStart('', false)).toBe('INITIAL_IMPORT');
    expect(jobTypeToStart('', true)).toBe('INCREMENTAL');
    expect(() => jobTypeToStart('INITIAL_IMPORT', true)).toThrow('has completed already');
    expect(() => jobTypeToStart('REAL_TIME', false)).toThrow('The request is not valid');
  });

  it('reads INCREMENTAL from the last completed start minus the margin and schedules the next sync at the interval', () => {
    const start = new Date('2026-01-01T10:00:00Z');
    expect(sinceFor('INCREMENTAL', start)?.getTime()).toBe(start.getTime() - SINCE_SAFETY_MARGIN_MS);
    expect(sinceFor('FULL_SYNC', start)).toBeNull();
    expect(nextSyncAfter(start, 15, true)).toEqual(new Date('2026-01-01T10:15:00Z'));
    expect(nextSyncAfter(start, 0, true)).toBeNull();
    expect(nextSyncAfter(start, 15, false)).toBeNull();
  });

  it('counts progress per entity type and sums it', () => {
    const p = emptyProgress(['MEMBERS', 'EVENTS']);
    count(p['MEMBERS']!, 'CREATE');
    count(p['EVENTS']!, 'FAILED');
    count(p['EVENTS']!, 'CONFLICT');
    expect(sumCounts(Object.values(progressOf(JSON.parse(JSON.stringify(p)))))).toMatchObject({ created: 1, failed: 1, conflicts: 1, done: false });
  });

  it('compares plugin versions numerically', () => {
    expect([
      versionAtLeast('1.2.0', '1.2.0'),
      versionAtLeast('1.10.0', '1.2.0'),
      versionAtLeast('1.1.9', '1.2.0'),
      versionAtLeast('2', '1.2.0'),
      versionAtLeast('dev', '1.2.0'),
    ]).toEqual([true, true, false, true, false]);
  });
});
