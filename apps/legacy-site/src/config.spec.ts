import { configDisagreements } from '@platform/registry';
import { loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has defaults for running next to the platform', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8090);
    expect(config.adminPort).toBe(9190);
    expect(config.site).toMatchObject({
      databaseUrl: 'postgresql://postgres@127.0.0.1:5432/postgres',
      schema: 'legacy_site',
      timezone: '+10:00',
      syncKey: undefined,
      seed: { kind: 'generated', seed: 1, sizes: expect.objectContaining({ members: 2000 }) },
    });
  });

  it('reads the port, key, timezone and seed sizes', () => {
    const config = loadConfig({
      LEGACY_SITE_PORT: '9000',
      LEGACY_ADMIN_PORT: '0',
      PLATFORM_START_INFO_FILE: '/tmp/legacy-site.txt',
      LEGACY_SYNC_KEY: 'a-sync-key-of-some-length',
      LEGACY_SITE_TIMEZONE: '-05:00',
      LEGACY_SEED: 'load',
      LEGACY_SEED_MEMBERS: '500',
      LEGACY_READ_ONLY: 'true',
    });
    expect(config.port).toBe(9000);
    expect(config.adminPort).toBe(0);
    expect(config.site.startInfoFile).toBe('/tmp/legacy-site.txt');
    expect(config.site).toMatchObject({ syncKey: 'a-sync-key-of-some-length', timezone: '-05:00', readOnly: true });
    expect(config.site.seed).toMatchObject({ kind: 'generated', sizes: { members: 500, articles: 20_000 } });
    expect(loadConfig({ LEGACY_SEED: 'fixtures' }).site.seed).toEqual({ kind: 'fixtures', reset: false });
  });

  it('stops at start on a bad value', () => {
    expect(() => loadConfig({ LEGACY_SITE_TIMEZONE: 'Australia/Brisbane' })).toThrow(/LEGACY_SITE_TIMEZONE/);
    expect(() => loadConfig({ LEGACY_SITE_SCHEMA: 'Bad-Schema' })).toThrow(/LEGACY_SITE_SCHEMA/);
    expect(() => loadConfig({ LEGACY_SYNC_KEY: 'short' })).toThrow(/LEGACY_SYNC_KEY/);
    expect(() => loadConfig({ LEGACY_ADMIN_PORT: '70000' })).toThrow(/LEGACY_ADMIN_PORT/);
  });

  it('takes its ports and schema from the service registry', () => {
    const config = loadConfig({});
    const read = { LEGACY_SITE_PORT: config.port, LEGACY_ADMIN_PORT: config.adminPort, LEGACY_SITE_SCHEMA: config.site.schema };
    expect(configDisagreements('legacy-site', read)).toEqual([]);
  });
});
