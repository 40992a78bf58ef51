import type { Check } from '../report';
import { eventBody, publishedEvent } from './fixtures';
import { authorised, memberTokens, nth, type Scenario, type Step } from './scenario';

/**
 * Event registrations as members make them: each member registers for an event with room
 * (`POST /api/orgs/{id}/events/{eventId}/registrations`, 201); when every member has registered
 * for it, the organisation admin opens the next event. The first arrival is a capacity race: every
 * member at once for an event with `--race-capacity` places and no waiting list (201 or 409
 * EVENT_FULL). After the load the race event's confirmed registrations are counted: more than its
 * capacity is overbooking and fails the run.
 */
export const register: Scenario = {
  name: 'register',
  description: 'members register for events; a capacity race for the last places',
  async prepare(world) {
    const orgId = world.organizationId;
    if (!orgId || !world.orgAdminToken) return { kind: 'skipped', reason: `no organisation admin (${world.organizationProblem ?? 'unknown'})` };
    const adminToken = world.orgAdminToken;
    const { runId, raceCapacity } = world.options;
    const capacity = Math.min(raceCapacity, Math.max(1, world.members.length - 1));
    const race = await publishedEvent(world, eventBody(`[lt-${runId}] Race for ${capacity} places`, capacity, false));
    if (!race.id) return { kind: 'skipped', reason: `the race event: ${race.problem}` };
    const raceId = race.id;
    const first = await publishedEvent(world, eventBody(`[lt-${runId}] Registrations 1`, 100_000, false));
    if (!first.id) return { kind: 'skipped', reason: `an event: ${first.problem}` };
    const tokens = await memberTokens(world);
    const members = tokens.flatMap((token, i) => (token ? [{ token, i }] : []));
    if (members.length < 2) return { kind: 'skipped', reason: 'fewer than 2 members could sign in' };

    const registration = (eventId: string, token: string, label: string, expect: number[]): Step => ({
      label,
      call: (api, signal) =>
        api.POST('/api/orgs/{organizationId}/events/{eventId}/registrations', {
          params: { path: { organizationId: orgId, eventId } },
          ...authorised(token),
          body: {},
          signal,
        }),
      expect,
    });
    const raceOutcomes: Record<string, number> = {};
    let raced = false;
    let current = first.id;
    let events = 1;
    let nextMember = 0;
    let opening = false;

    const next = (): Step | Step[] => {
      if (!raced) {
        raced = true;
        return members.map(({ token }) => ({
          ...registration(raceId, token, 'POST …/registrations (capacity race)', [201, 409]),
          onAnswer: (r) => void (raceOutcomes[String(r.outcome)] = (raceOutcomes[String(r.outcome)] ?? 0) + 1),
        }));
      }
      if (nextMember < members.length)
        return registration(current, nth(members, nextMember++).token, 'POST /api/orgs/{id}/events/{eventId}/registrations', [201]);
      if (!opening) {
        opening = true;
        const n = ++events;
        return {
          label: 'POST /api/orgs/{id}/events (+ publish)',
          call: async (api, signal) => {
            const created = await api.POST('/api/orgs/{organizationId}/events', {
              params: { path: { organizationId: orgId } },
              ...authorised(adminToken),
              body: eventBody(`[lt-${runId}] Registrations ${n}`, 100_000, false),
              signal,
            });
            const id = created.data?.id;
            if (!id) return created;
            const published = await api.POST('/api/orgs/{organizationId}/events/{eventId}/publish', {
              params: { path: { organizationId: orgId, eventId: id } },
              ...authorised(adminToken),
              signal,
            });
            if (published.response.ok) {
              current = id;
              nextMember = 0;
            }
            opening = false;
            return published;
          },
          expect: [200],
          onAnswer: () => void (opening = false),
        };
      }
      // While the next event opens: a member reads the current one.
      return {
        label: 'GET /api/orgs/{id}/events/{eventId}',
        call: (api, signal) =>
          api.GET('/api/orgs/{organizationId}/events/{eventId}', {
            params: { path: { organizationId: orgId, eventId: current } },
            ...authorised(nth(members, 0).token),
            signal,
          }),
        expect: [200],
      };
    };

    const verify = async (): Promise<Check[]> => {
      const res = await world.http.api.GET('/api/orgs/{organizationId}/events/{eventId}/registrations', {
        params: { path: { organizationId: orgId, eventId: raceId }, query: { status: 'CONFIRMED', size: 100 } },
        ...authorised(adminToken),
        signal: world.http.deadline(),
      });
      const confirmed = (res.data as { totalElements?: number } | undefined)?.totalElements;
      const tried = Object.entries(raceOutcomes)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ');
      if (res.response.status !== 200 || typeof confirmed !== 'number') {
        return [{ name: 'no overbooking', passed: false, detail: `the race event's registrations answered ${res.response.status}` }];
      }
      const accepted = raceOutcomes['201'] ?? 0;
      return [
        {
          name: 'no overbooking',
          passed: confirmed <= capacity && accepted <= capacity,
          detail: `${members.length} members raced for ${capacity} places: ${confirmed} registrations confirmed (≤ ${capacity}), answers ${tried || 'none yet'}`,
        },
        {
          name: 'every place taken',
          passed: Object.keys(raceOutcomes).length === 0 || confirmed === Math.min(capacity, members.length),
          detail: `${confirmed} of ${capacity} places confirmed`,
        },
      ];
    };
    return { kind: 'ready', plan: { next, verify, notes: [`capacity race: ${members.length} members for ${capacity} places at the first arrival`] } };
  },
};
