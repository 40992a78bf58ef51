import { status } from '@grpc/grpc-js';
import { eventsV1 } from '@platform/proto';
import { startServiceHarness } from '@platform/testing';
import { startEvents } from '../src/main';

const startHarness = () => startServiceHarness({ app: 'events', label: 'service_info', start: startEvents, client: eventsV1.EventsServiceClient });

describe('the events service on its own schema, NATS and gRPC', () => {
  let h: Awaited<ReturnType<typeof startHarness>>;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.stop());

  it('answers GetServiceInfo from its own database to a signed-in user', async () => {
    const info = await h.call('getServiceInfo', {}, h.tokens.system());
    expect(info.service).toBe('events');
    expect(Math.abs((info.databaseTime?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses an anonymous caller', async () => {
    await expect(h.call('getServiceInfo', {})).rejects.toMatchObject({ code: status.UNAUTHENTICATED });
  });
});
