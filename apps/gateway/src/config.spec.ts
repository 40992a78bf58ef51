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
});
