import { memberLoginStep, nth, type Account, type Scenario, type Step } from './scenario';

/** Failed attempts a member account takes before the next right one; the lockout allows 5. */
export const FAILURES_PER_ACCOUNT = 2;

/**
 * Many sign-ins, a share of them with a wrong password. Wrong passwords are spread over distinct
 * accounts, at most FAILURES_PER_ACCOUNT on one before its next right password clears them, so
 * the lockout is never what limits the run; when every account has its share, unknown addresses
 * (which cost the service the same bcrypt check) take the rest.
 */
export const loginStorm: Scenario = {
  name: 'login-storm',
  description: 'members sign in; a share with a wrong password, on distinct accounts',
  async prepare(world) {
    if (world.memberLoginProblem) return { kind: 'skipped', reason: world.memberLoginProblem };
    return { kind: 'ready', plan: loginStormPlan(world.members, world.options.wrongPasswordRatio, world.options.runId) };
  },
};

export function loginStormPlan(members: Account[], wrongRatio: number, runId: string) {
  const failures = new Map<Account, number>();
  let right = 0;
  let wrongTurn = 0;
  let unknown = 0;
  let share = 0;
  const next = (): Step => {
    share += wrongRatio;
    if (share < 1) {
      const account = nth(members, right++);
      return memberLoginStep(account, (token) => token && failures.set(account, 0), 'POST /api/auth/org/login (right password)');
    }
    share -= 1;
    for (let tried = 0; tried < members.length; tried++) {
      const account = nth(members, wrongTurn++);
      const count = failures.get(account) ?? 0;
      if (count >= FAILURES_PER_ACCOUNT) continue;
      failures.set(account, count + 1);
      return wrongStep(account.email);
    }
    return wrongStep(`lt-${runId}-nobody-${unknown++}@loadtest.example.com`);
  };
  return { next, notes: [] as string[] };
}

function wrongStep(email: string): Step {
  return {
    label: 'POST /api/auth/org/login (wrong password)',
    call: (api, signal) => api.POST('/api/auth/org/login', { body: { email, password: 'not the password' }, signal }),
    expect: [401],
  };
}
