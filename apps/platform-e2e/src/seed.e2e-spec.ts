import { execFile } from 'node:child_process';
import path from 'node:path';
import { workspaceRoot } from '@platform/testing';
import { ADMIN, http, startPlatform, type Platform } from './platform';

/** `npm run seed` against the real services, twice: the second run adds nothing. */
describe('npm run seed', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform('seed', { organisation: 'real', notifications: true, services: ['content', 'events', 'documents'] });
  });
  afterAll(async () => platform?.stop());

  // Asynchronous on purpose: the contract proxy relays in this process, so a synchronous spawn would starve it.
  const seed = () =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [path.join(workspaceRoot(), 'tools/seed/run.mjs'), '--base-url', platform.baseUrl, '--admin-email', ADMIN.email, '--admin-password', ADMIN.password],
        { encoding: 'utf8', timeout: 240_000 },
        (error, stdout, stderr) => resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
      );
    });

  it('creates a demo world through the API, prints the logins, and a second run creates nothing', async () => {
    const first = await seed();
    expect({ status: first.status, stderr: first.stderr }).toEqual({ status: 0, stderr: '' });
    expect(first.stdout).toMatch(/things created/);
    expect(first.stdout).toContain('owner@riverside-rowing.demo');
    const second = await seed();
    expect({ status: second.status, stderr: second.stderr }).toEqual({ status: 0, stderr: '' });
    expect(second.stdout).toMatch(/: 0 things created/);

    const api = http(platform.baseUrl);
    const org = (await api.get('/api/orgs/slug/riverside-rowing')).body as { id: string };
    const owner = (await api.post('/api/auth/org/login', { email: 'owner@riverside-rowing.demo', password: 'demo password 2026', organizationId: org.id })).body
      .accessToken as string;
    expect((await api.get(`/api/orgs/${org.id}/users?size=1`, owner)).body.totalElements).toBe(102);
    const events = (await api.get(`/api/orgs/${org.id}/events?search=regatta`, owner)).body.content as {
      id: string;
      confirmedCount: number;
      waitlistedCount: number;
    }[];
    expect(events[0]).toMatchObject({ confirmedCount: 5, waitlistedCount: 3 });
    expect((await api.get(`/api/orgs/${org.id}/branding`, owner)).body).toMatchObject({ primaryColor: '#0b5394' });
  }, 600_000);
});
