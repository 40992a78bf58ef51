import { createPlatformClient } from '@platform/api-client';
import type { HttpResult } from '../http-client';
import { FAILURES_PER_ACCOUNT, loginStormPlan } from './login-storm';
import type { Account, Step } from './scenario';

const account = (n: number): Account => ({ id: `id${n}`, email: `m${n}@x.org`, password: 'right', firstName: 'A', lastName: 'B' });

/** The sign-in a step sends: its call made on a typed client whose fetch records the request instead of sending it. */
async function sent(step: Step): Promise<{ email: string; password: string; url: string }> {
  let seen: { email: string; password: string; url: string } | undefined;
  const api = createPlatformClient({
    baseUrl: 'http://platform.invalid',
    fetch: async (request) => {
      seen = { ...((await request.json()) as { email: string; password: string }), url: `${request.method} ${new URL(request.url).pathname}` };
      return Response.json({});
    },
  });
  await step.call(api, new AbortController().signal, () => Promise.reject(new Error('no raw requests here')));
  if (!seen) throw new Error('the step sent nothing');
  return seen;
}
const plans = (plan: { next(): Step }, n: number) =>
  Promise.all(Array.from({ length: n }, () => plan.next()).map(async (step) => ({ step, ...(await sent(step)) })));

describe('the login storm', () => {
  it('sends the share of wrong passwords asked for, all to POST /api/auth/org/login', async () => {
    const steps = await plans(loginStormPlan([account(1), account(2), account(3), account(4)], 0.25, 'r1'), 100);
    expect(steps.filter((s) => s.password !== 'right')).toHaveLength(25);
    expect(steps.filter((s) => s.step.expect.includes(401))).toHaveLength(25);
    expect(new Set(steps.map((s) => s.url))).toEqual(new Set(['POST /api/auth/org/login']));
  });

  it(`never gives one account more than ${FAILURES_PER_ACCOUNT} failures before a right password clears them, so nothing locks`, async () => {
    const plan = loginStormPlan([account(1), account(2), account(3)], 0.5, 'r1');
    const failures = new Map<string, number>();
    for (let i = 0; i < 200; i++) {
      const step = plan.next();
      const { email, password } = await sent(step);
      if (password === 'right') {
        step.onAnswer?.({ outcome: 200, latencyMs: 1, json: { accessToken: 't' } } satisfies HttpResult);
        failures.set(email, 0);
      } else {
        failures.set(email, (failures.get(email) ?? 0) + 1);
        expect(failures.get(email)).toBeLessThanOrEqual(FAILURES_PER_ACCOUNT);
      }
    }
  });

  it('uses unknown addresses for wrong passwords when every account has had its share', async () => {
    const steps = await plans(loginStormPlan([account(1)], 1, 'r1'), 4);
    expect(steps.map((s) => s.email)).toEqual(['m1@x.org', 'm1@x.org', 'lt-r1-nobody-0@loadtest.example.com', 'lt-r1-nobody-1@loadtest.example.com']);
  });
});
