import { configDisagreements, defaultGrpcUrl, grpcServices } from '@platform/registry';
import { readGatewayConfig } from './config';
import { DEFAULT_SERVICE_URLS } from './routing/service-addresses';

describe('the configuration', () => {
  it('takes its ports from the service registry', () => {
    const config = readGatewayConfig({});
    expect(configDisagreements('gateway', { GATEWAY_PORT: config.port, GATEWAY_ADMIN_PORT: config.adminPort })).toEqual([]);
  });

  it('reaches every registered service at its local address unless told otherwise', () => {
    expect(DEFAULT_SERVICE_URLS).toEqual(Object.fromEntries(grpcServices().map((s) => [s.name, defaultGrpcUrl(s.name)])));
  });

  it('drains 2 s before closing in production, not in development, unless told', () => {
    expect(readGatewayConfig({}).drainDelayMs).toBe(0);
    const production = { NODE_ENV: 'production', JWT_SECRET: 'a-production-jwt-secret-of-enough-length-0123', SECRETS_KEY: 'ab'.repeat(32) };
    expect(readGatewayConfig(production).drainDelayMs).toBe(2000);
    expect(readGatewayConfig({ ...production, GATEWAY_DRAIN_DELAY_MS: '0' }).drainDelayMs).toBe(0);
  });

  it('refuses a CORS origin that is not one', () => {
    expect(() => readGatewayConfig({ GATEWAY_CORS_ORIGINS: 'https://admin.example.org/' })).toThrow(/GATEWAY_CORS_ORIGINS/);
    expect(readGatewayConfig({ GATEWAY_CORS_ORIGINS: 'https://admin.example.org' }).browser.corsOrigins).toEqual(['https://admin.example.org']);
  });
});

describe('the configuration of /api/v1 (the old mobile app)', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'a-production-jwt-secret-of-enough-length-0123', SECRETS_KEY: 'ab'.repeat(32) };

  it('serves it by default, on subdomains of localhost, deprecated on 2026-12-01 with a sunset a year later', () => {
    expect(readGatewayConfig({}).legacyV1).toEqual({
      baseDomain: 'localhost',
      slugHeader: true,
      cacheSeconds: 60,
      deprecatedAt: new Date('2026-12-01T00:00:00Z'),
      sunsetAt: new Date('2027-12-01T00:00:00Z'),
    });
    expect(readGatewayConfig({ GATEWAY_LEGACY_V1: 'off' }).legacyV1).toBeUndefined();
  });

  it('honours X-Organisation-Slug in development only, unless told', () => {
    expect(readGatewayConfig(production).legacyV1?.slugHeader).toBe(false);
    expect(readGatewayConfig({ ...production, GATEWAY_LEGACY_V1_SLUG_HEADER: 'on' }).legacyV1?.slugHeader).toBe(true);
    expect(readGatewayConfig({ GATEWAY_LEGACY_V1_SLUG_HEADER: 'off' }).legacyV1?.slugHeader).toBe(false);
  });

  it('takes the base domain in lower case and the dates as ISO 8601, and refuses others', () => {
    const config = readGatewayConfig({ GATEWAY_BASE_DOMAIN: 'Platform.Example', GATEWAY_LEGACY_V1_SUNSET_AT: '2027-06-30' }).legacyV1;
    expect(config).toMatchObject({ baseDomain: 'platform.example', sunsetAt: new Date('2027-06-30T00:00:00Z') });
    expect(() => readGatewayConfig({ GATEWAY_LEGACY_V1_SUNSET_AT: 'next year' })).toThrow(/GATEWAY_LEGACY_V1_SUNSET_AT/);
    expect(() => readGatewayConfig({ GATEWAY_BASE_DOMAIN: 'https://platform.example' })).toThrow(/GATEWAY_BASE_DOMAIN/);
  });
});
