import { ADMIN, http, startPlatform, type Platform } from './platform';

describe('the content service through the gateway', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;

  beforeAll(async () => {
    platform = await startPlatform('content', { services: ['content'] });
    api = http(platform.baseUrl);
  });
  afterAll(async () => platform?.stop());

  it('GET /api/content/service-info answers a signed-in user', async () => {
    const login = await api.post('/api/auth/system/login', ADMIN);
    const res = await api.get('/api/content/service-info', login.body.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ service: 'content' });
  });

  it('GET /api/content/service-info answers 401 without a token', async () => {
    const res = await api.get('/api/content/service-info');
    expect(res.status).toBe(401);
  });
});
