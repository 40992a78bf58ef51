import { authorised, isMissing, memberLoginStep, nth, tokenOf, type Scenario, type Step } from './scenario';

/**
 * An organisation administrator's member list: pages of `GET /api/orgs/{id}/users` and searches
 * by name (`?search=`). Skipped, with the answer, when the route or the organisation service is
 * missing.
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
      (query: { page?: number; size?: number; sort?: string; search?: string }): Step['call'] =>
      (api, signal) =>
        api.GET('/api/orgs/{organizationId}/users', { params: { path: { organizationId: orgId }, query }, ...authorised(token), signal });
    const probe = await world.http.send({ call: list({ page: 0, size: 20 }) });
    if (isMissing(probe.outcome)) {
      return { kind: 'skipped', reason: `GET /api/orgs/{id}/users answered ${probe.outcome}: the member list route or the organisation service is missing` };
    }
    if (probe.outcome !== 200) return { kind: 'skipped', reason: `GET /api/orgs/{id}/users answered ${probe.outcome} for ${who}` };

    const pages = Math.max(1, Math.ceil(world.members.length / 20));
    let turn = 0;
    const next = (): Step => {
      const n = turn++;
      if (n % 2 === 0) {
        return {
          label: 'GET /api/orgs/{id}/users',
          call: list({ page: (n / 2) % pages, size: 20, sort: 'lastName,asc' }),
          expect: [200],
        };
      }
      const term = nth(world.searchTerms, n >> 1);
      return {
        label: 'GET /api/orgs/{id}/users?search=',
        call: list({ search: term, size: 20 }),
        expect: [200],
      };
    };
    return { kind: 'ready', plan: { next, notes: [`as ${who}`] } };
  },
};
