import { authorised, isMissing, memberLoginStep, nth, tokenOf, type Account, type Scenario, type Step } from './scenario';

interface Session {
  account: Account;
  token?: string;
  reads: number;
  signingIn: boolean;
}

/**
 * A member's visit: sign in, then authenticated reads (`GET /api/auth/me`, `GET /api/auth/health`
 * and, when the organisation service answers, `GET /api/orgs/{id}`) until `--reads-per-session`,
 * then sign in again. Members take turns, so every request goes to the next member's session.
 */
export const browse: Scenario = {
  name: 'browse',
  description: 'members sign in, then read their account, health and organisation',
  async prepare(world) {
    if (world.memberLoginProblem) return { kind: 'skipped', reason: world.memberLoginProblem };
    const notes: string[] = [];
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

    const sessions: Session[] = world.members.map((account) => ({ account, reads: 0, signingIn: false }));
    const readsPerSession = world.options.readsPerSession;
    let turn = 0;
    let readTurn = 0;
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
