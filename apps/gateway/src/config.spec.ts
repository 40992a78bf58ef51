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
