import { authorised, isMissing, memberLoginStep, nth, tokenOf, type Scenario, type Step } from './scenario';

/**
 * An organisation administrator's member list: pages of `GET /api/orgs/{id}/users` sorted in
 * turn by last name, first name and email (both directions), searches by name (`?search=`) and
 * the list filtered by status (`?status=ACTIVE`, `PENDING`). Skipped, with the answer, when the
 * route or the organisation service is missing.
 */
export const adminList: Scenario = {
  name: 'admin-list',
  description: 'an organisation admin lists and searches members',
  async prepare(world) {
    const orgId = world.organizationId;
    if (!orgId) return { kind: 'skipped', reason: `no organisation: ${world.organizationProblem ?? 'unknown'}` };
    let token: string | undefined;
    let who = 'the organisation admin';
    if (world.orgAdmin) {
      const login = await world.http.send(memberLoginStep(world.orgAdmin, () => undefined));
      token = login.outcome === 200 ? tokenOf(login.json) : undefined;
    }
    if (!token) {
      token = world.adminToken;
      who = 'the platform admin';
    }
    if (!token) return { kind: 'skipped', reason: `nobody to list members as (${world.adminProblem ?? 'no admin'})` };

    const list =
      (query: { page?: number; size?: number; sort?: string; search?: string; status?: string }): Step['call'] =>
      (api, signal) =>
        api.GET('/api/orgs/{organizationId}/users', { params: { path: { organizationId: orgId }, query }, ...authorised(token), signal });
    const probe = await world.http.send({ call: list({ page: 0, size: 20 }) });
    if (isMissing(probe.outcome)) {
      return { kind: 'skipped', reason: `GET /api/orgs/{id}/users answered ${probe.outcome}: the member list route or the organisation service is missing` };
    }
    if (probe.outcome !== 200) return { kind: 'skipped', reason: `GET /api/orgs/{id}/users answered ${probe.outcome} for ${who}` };

    const pageSize = 10;
    const pages = Math.max(1, Math.ceil(world.members.length / pageSize));
    const sorts = ['lastName,asc', 'firstName,desc', 'email,asc', 'lastName,desc'];
    let turn = 0;
    const next = (): Step => {
      const n = turn++;
      if (n % 3 === 0) {
        return {
          label: 'GET /api/orgs/{id}/users?page=&sort=',
          call: list({ page: (n / 3) % pages, size: pageSize, sort: nth(sorts, n / 3) }),
          expect: [200],
        };
      }
      if (n % 3 === 2) {
        return {
          label: 'GET /api/orgs/{id}/users?status=&sort=',
          call: list({ status: nth(['ACTIVE', 'PENDING'], n), size: pageSize, sort: 'lastName,asc' }),
          expect: [200],
        };
      }
      const term = nth(world.searchTerms, Math.floor(n / 3));
      return {
        label: 'GET /api/orgs/{id}/users?search=',
        call: list({ search: term, size: 20 }),
        expect: [200],
      };
    };
    return { kind: 'ready', plan: { next, notes: [`as ${who}`] } };
  },
};
