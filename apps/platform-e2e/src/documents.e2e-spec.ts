import { ADMIN, http, startPlatform, type Platform } from './platform';

describe('the documents service through the gateway', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;

  beforeAll(async () => {
    platform = await startPlatform('documents', { services: ['documents'] });
    api = http(platform.baseUrl);
  });
  afterAll(async () => platform?.stop());

  it('GET /api/documents/service-info answers a signed-in user', async () => {
    const login = await api.post('/api/auth/system/login', ADMIN);
    const res = await api.get('/api/documents/service-info', login.body.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ service: 'documents' });
  });

  it('GET /api/documents/service-info answers 401 without a token', async () => {
    const res = await api.get('/api/documents/service-info');
    expect(res.status).toBe(401);
  });
});
