import { configDisagreements } from '@platform/registry';
import { loadConfig } from './config';

describe('the configuration', () => {
  it('takes its ports, schema and service addresses from the service registry', () => {
    expect(configDisagreements('connector', loadConfig({}))).toEqual([]);
  });
});
