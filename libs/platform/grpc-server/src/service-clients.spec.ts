import { connectivityState } from '@grpc/grpc-js';
import type { organisationV1 } from '@platform/proto';
import { testSigner } from '@platform/testing';
import { platformClients, type PlatformServiceName, type ServiceClientOf } from './service-clients';
import { ServiceTokens } from './service-tokens';

// Checked by the compiler: a service's client type follows from its registry name.
const typed: ServiceClientOf<'organisation'> extends organisationV1.OrganisationServiceClient ? true : false = true;
const names: PlatformServiceName[] = ['identity', 'organisation', 'notifications', 'content', 'events', 'documents', 'connector'];

describe("the kit's clients of the services one calls", () => {
  const tokens = new ServiceTokens(testSigner(), 'events');

  it('has one client for each callee with an address, presenting the caller’s service token', () => {
    const clients = platformClients('events', { organisation: '127.0.0.1:1', identity: '' }, tokens);
    try {
      expect(typed && names.length).toBe(7);
      expect(clients.has('organisation')).toBe(true);
      expect(clients.has('identity')).toBe(false);
      const organisation = clients.of('organisation');
      expect(organisation.service).toBe('organisation');
      expect(clients.of('organisation')).toBe(organisation);
      expect(testSigner().verifyService(organisation.token())).toMatchObject({ sub: 'service:events' });
    } finally {
      clients.close();
    }
  });

  it('refuses a service the registry does not list in the calls, and one without an address', () => {
    const clients = platformClients('events', { identity: '' }, tokens);
    expect(() => clients.of('documents')).toThrow("'events' calls 'documents', which the service registry does not list in its calls");
    expect(() => clients.of('identity')).toThrow("'events' calls 'identity', but IDENTITY_GRPC_URL is empty");
    clients.close();
  });

  it('closes every channel', () => {
    const clients = platformClients('events', { organisation: '127.0.0.1:1', identity: '127.0.0.1:2' }, tokens);
    const channels = [clients.of('organisation').client.getChannel(), clients.of('identity').client.getChannel()];
    clients.close();
    expect(channels.map((channel) => channel.getConnectivityState(false))).toEqual([connectivityState.SHUTDOWN, connectivityState.SHUTDOWN]);
  });
});
