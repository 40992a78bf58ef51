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

  it('refuses the built-in JWT secret and admin password in production or behind a public URL', () => {
    const own = { LEGACY_JWT_SECRET: 'an-operator-chosen-secret-of-32-characters!', LEGACY_ADMIN_PASSWORD: 'correct horse battery' };
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/LEGACY_JWT_SECRET, LEGACY_ADMIN_PASSWORD must be set/);
    expect(() => loadConfig({ LEGACY_SITE_URL: 'https://club.example.org' })).toThrow(/LEGACY_JWT_SECRET, LEGACY_ADMIN_PASSWORD must be set/);
    expect(() => loadConfig({ LEGACY_SITE_URL: 'https://club.example.org', LEGACY_JWT_SECRET: own.LEGACY_JWT_SECRET })).toThrow(
      /^LEGACY_ADMIN_PASSWORD must be set/,
    );
    expect(loadConfig({ NODE_ENV: 'production', ...own }).site.jwtSecret).toBe(own.LEGACY_JWT_SECRET);
    expect(loadConfig({ LEGACY_SITE_URL: 'http://127.0.0.1:8090' }).site.publicUrl).toBe('http://127.0.0.1:8090');
    expect(loadConfig({ LEGACY_SITE_URL: 'http://localhost:8090' }).site.publicUrl).toBe('http://localhost:8090');
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
