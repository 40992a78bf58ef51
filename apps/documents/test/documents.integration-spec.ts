import { status } from '@grpc/grpc-js';
import { documentsV1 } from '@platform/proto';
import { startServiceHarness } from '@platform/testing';
import { startDocuments } from '../src/main';

const startHarness = () => startServiceHarness({ app: 'documents', label: 'service_info', start: startDocuments, client: documentsV1.DocumentsServiceClient });

describe('the documents service on its own schema, NATS and gRPC', () => {
  let h: Awaited<ReturnType<typeof startHarness>>;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.stop());

  it('answers GetServiceInfo from its own database to a signed-in user', async () => {
    const info = await h.call('getServiceInfo', {}, h.tokens.system());
    expect(info.service).toBe('documents');
    expect(Math.abs((info.databaseTime?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses an anonymous caller', async () => {
    await expect(h.call('getServiceInfo', {})).rejects.toMatchObject({ code: status.UNAUTHENTICATED });
  });
});
