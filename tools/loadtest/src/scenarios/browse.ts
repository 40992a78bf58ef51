import { content } from './fixtures';
import { authorised, inOrg, isMissing, memberLoginStep, nth, tokenOf, type Account, type Scenario, type Step } from './scenario';

interface Session {
  account: Account;
  token?: string;
  reads: number;
  signingIn: boolean;
}

/**
 * A member's visit: sign in, then authenticated reads (`GET /api/auth/me`, `GET /api/auth/health`,
 * `GET /api/orgs/{id}`, the news list and an article, the upcoming events and an event, each while
 * its service answers) until `--reads-per-session`, then sign in again. Members take turns, so
 * every request goes to the next member's session.
 */
export const browse: Scenario = {
  name: 'browse',
  description: 'members sign in, then read their account, organisation, news and events',
  async prepare(world) {
    if (world.memberLoginProblem) return { kind: 'skipped', reason: world.memberLoginProblem };
    const notes: string[] = [];
    let readTurn = 0;
    const reads: ((token: string) => Step)[] = [
      (token) => ({ label: 'GET /api/auth/me', call: (api, signal) => api.GET('/api/auth/me', { ...authorised(token), signal }), expect: [200] }),
      () => ({ label: 'GET /api/auth/health', call: (api, signal) => api.GET('/api/auth/health', { signal }), expect: [200] }),
    ];
    const orgId = world.organizationId;
    if (orgId) {
      const first = nth(world.members, 0);
      const login = await world.http.send(memberLoginStep(first, () => undefined));
      const readOrg = (token: string | undefined): Step => ({
        label: 'GET /api/orgs/{id}',
        call: (api, signal) => api.GET('/api/orgs/{id}', { params: { path: { id: orgId } }, ...authorised(token), signal }),
        expect: [200],
      });
      const probe = await world.http.send(readOrg(tokenOf(login.json)));
      if (probe.outcome === 200) reads.push(readOrg);
      else
        notes.push(
          `organisation reads left out: GET /api/orgs/{id} answered ${probe.outcome}${isMissing(probe.outcome) ? ' (no organisation service behind the gateway)' : ''}`,
        );
    } else {
      notes.push(`organisation reads left out: ${world.organizationProblem ?? 'no organisation'}`);
    }

    if (orgId) {
      const made = await content(world);
      for (const problem of made.problems) notes.push(`left out: ${problem}`);
      if (made.articleIds.length > 0) {
        reads.push(
          (token) => ({
            label: 'GET /api/orgs/{id}/news',
            call: (api, signal) =>
              api.GET('/api/orgs/{organizationId}/news', { params: { path: inOrg(orgId), query: { page: 0, size: 10 } }, ...authorised(token), signal }),
            expect: [200],
          }),
          (token) => ({
            label: 'GET /api/orgs/{id}/news/{articleId}',
            call: (api, signal) =>
              api.GET('/api/orgs/{organizationId}/news/{articleId}', {
                params: { path: { organizationId: orgId, articleId: nth(made.articleIds, readTurn) } },
                ...authorised(token),
                signal,
              }),
            expect: [200],
          }),
        );
      }
      if (made.eventIds.length > 0) {
        reads.push(
          (token) => ({
            label: 'GET /api/orgs/{id}/events',
            call: (api, signal) =>
              api.GET('/api/orgs/{organizationId}/events', { params: { path: inOrg(orgId), query: { page: 0, size: 10 } }, ...authorised(token), signal }),
            expect: [200],
          }),
          (token) => ({
            label: 'GET /api/orgs/{id}/events/{eventId}',
            call: (api, signal) =>
              api.GET('/api/orgs/{organizationId}/events/{eventId}', {
                params: { path: { organizationId: orgId, eventId: nth(made.eventIds, readTurn) } },
                ...authorised(token),
                signal,
              }),
            expect: [200],
          }),
        );
      }
    }

    const sessions: Session[] = world.members.map((account) => ({ account, reads: 0, signingIn: false }));
    const readsPerSession = world.options.readsPerSession;
    let turn = 0;
    const next = (): Step => {
      for (let tried = 0; tried < sessions.length; tried++) {
        const session = nth(sessions, turn++);
        if (session.signingIn) continue;
        if (!session.token || session.reads >= readsPerSession) {
          session.signingIn = true;
          return memberLoginStep(session.account, (token) => {
            session.signingIn = false;
            session.token = token;
            session.reads = 0;
          });
        }
        session.reads++;
        return nth(reads, readTurn++)(session.token);
      }
      // Every member is signing in right now: a public read meanwhile.
      return nth(reads, 1)('');
    };
    return { kind: 'ready', plan: { next, notes } };
  },
};
