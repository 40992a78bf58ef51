import { status } from '@grpc/grpc-js';
import { contentV1 } from '@platform/proto';
import { startServiceHarness } from '@platform/testing';
import { startContent } from '../src/main';

const startHarness = () => startServiceHarness({ app: 'content', label: 'service_info', start: startContent, client: contentV1.ContentServiceClient });

describe('the content service on its own schema, NATS and gRPC', () => {
  let h: Awaited<ReturnType<typeof startHarness>>;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.stop());

  it('answers GetServiceInfo from its own database to a signed-in user', async () => {
    const info = await h.call('getServiceInfo', {}, h.tokens.system());
    expect(info.service).toBe('content');
    expect(Math.abs((info.databaseTime?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses an anonymous caller', async () => {
    await expect(h.call('getServiceInfo', {})).rejects.toMatchObject({ code: status.UNAUTHENTICATED });
  });
});
