import type { Scenario, Step } from './scenario';

/** Self-registrations, each with a new address: `POST /api/auth/org/register` answering 201. */
export const registrationBurst: Scenario = {
  name: 'registration-burst',
  description: 'new accounts register, each with its own address',
  async prepare(world) {
    const { runId } = world.options;
    let n = 0;
    const next = (): Step => {
      const i = n++;
      return {
        label: 'POST /api/auth/org/register',
        call: (api, signal) =>
          api.POST('/api/auth/org/register', {
            body: { email: `lt-${runId}-r${i}@loadtest.example.com`, password: `load test password ${runId}`, firstName: 'Burst', lastName: `Registrant${i}` },
            signal,
          }),
        expect: [201],
      };
    };
    return { kind: 'ready', plan: { next, notes: [] } };
  },
};
