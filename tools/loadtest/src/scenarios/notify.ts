import { authorised, memberToken, type Scenario, type Step } from './scenario';

/**
 * A notification to all members (`POST /api/notifications`, targetType ALL_MEMBERS) by the
 * organisation admin: the fan-out to every member's inbox (and mail or push where configured).
 * Members read their inbox (`GET /api/notifications`) between two sends.
 */
export const notify: Scenario = {
  name: 'notify',
  description: 'the organisation admin notifies all members; members read their inbox',
  async prepare(world) {
    const adminToken = world.orgAdminToken;
    if (!world.organizationId || !adminToken) return { kind: 'skipped', reason: `no organisation admin (${world.organizationProblem ?? 'unknown'})` };
    const { runId } = world.options;
    const send = (n: number): Step => ({
      label: 'POST /api/notifications (ALL_MEMBERS)',
      call: (api, signal) =>
        api.POST('/api/notifications', {
          ...authorised(adminToken),
          body: { title: `[lt-${runId}] Notice ${n}`, body: 'A notification from the load test.', targetType: 'ALL_MEMBERS', data: { type: 'LOADTEST' } },
          signal,
        }),
      expect: [201],
    });
    // The recipients come from the notifications service's projection of the memberships: wait until it answers.
    let probe = await world.http.send(send(0));
    for (let i = 0; i < 50 && probe.outcome === 400; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      probe = await world.http.send(send(0));
    }
    if (probe.outcome !== 201) return { kind: 'skipped', reason: `POST /api/notifications answered ${probe.outcome}` };
    const member = await memberToken(world);
    let n = 1;
    const next = (): Step => {
      const i = n++;
      if (i % 2 === 0 && member) {
        return {
          label: 'GET /api/notifications',
          call: (api, signal) => api.GET('/api/notifications', { ...authorised(member), params: { query: { size: 20 } }, signal }),
          expect: [200],
        };
      }
      return send(i);
    };
    return { kind: 'ready', plan: { next, notes: [`each send reaches ${world.members.length + 1} members`] } };
  },
};
