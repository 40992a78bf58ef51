import type { HttpResult } from '../http-client';
import { FAILURES_PER_ACCOUNT, loginStormPlan } from './login-storm';
import type { Account } from './scenario';

const account = (n: number): Account => ({ id: `id${n}`, email: `m${n}@x.org`, password: 'right', firstName: 'A', lastName: 'B' });
const emailOf = (body: unknown) => (body as { email: string }).email;
const passwordOf = (body: unknown) => (body as { password: string }).password;

describe('the login storm', () => {
  it('sends the share of wrong passwords asked for', () => {
    const plan = loginStormPlan([account(1), account(2), account(3), account(4)], 0.25, 'r1');
    const steps = Array.from({ length: 100 }, () => plan.next());
    expect(steps.filter((s) => passwordOf(s.body) !== 'right')).toHaveLength(25);
    expect(steps.filter((s) => s.expect.includes(401))).toHaveLength(25);
  });

  it(`never gives one account more than ${FAILURES_PER_ACCOUNT} failures before a right password clears them, so nothing locks`, () => {
    const members = [account(1), account(2), account(3)];
    const plan = loginStormPlan(members, 0.5, 'r1');
    const failures = new Map<string, number>();
    for (let i = 0; i < 200; i++) {
      const step = plan.next();
      const email = emailOf(step.body);
      if (passwordOf(step.body) === 'right') {
        step.onAnswer?.({ outcome: 200, latencyMs: 1, json: { accessToken: 't' } } satisfies HttpResult);
        failures.set(email, 0);
      } else {
        failures.set(email, (failures.get(email) ?? 0) + 1);
        expect(failures.get(email)).toBeLessThanOrEqual(FAILURES_PER_ACCOUNT);
      }
    }
  });

  it('uses unknown addresses for wrong passwords when every account has had its share', () => {
    const plan = loginStormPlan([account(1)], 1, 'r1');
    const emails = Array.from({ length: 4 }, () => emailOf(plan.next().body));
    expect(emails).toEqual(['m1@x.org', 'm1@x.org', 'lt-r1-nobody-0@loadtest.example.com', 'lt-r1-nobody-1@loadtest.example.com']);
  });
});
