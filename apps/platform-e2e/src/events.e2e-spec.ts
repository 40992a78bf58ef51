import { ADMIN, http, startPlatform, type Platform } from './platform';

describe('the events service through the gateway', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;

  beforeAll(async () => {
    platform = await startPlatform('events', { services: ['events'] });
    api = http(platform.baseUrl);
  });
  afterAll(async () => platform?.stop());

  it('GET /api/events/service-info answers a signed-in user', async () => {
    const login = await api.post('/api/auth/system/login', ADMIN);
    const res = await api.get('/api/events/service-info', login.body.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ service: 'events' });
  });

  it('GET /api/events/service-info answers 401 without a token', async () => {
    const res = await api.get('/api/events/service-info');
    expect(res.status).toBe(401);
  });
});
