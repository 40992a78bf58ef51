import { REGISTRY, type AppEntry } from '@platform/registry';
import { planStack, readyUrl } from './platform-stack';

const names = (apps: AppEntry[]) => apps.map((app) => app.name);

describe('the platform stack plan', () => {
  it('runs identity and the gateway, with the organisation service stood in for, by default', () => {
    const plan = planStack();
    expect(names(plan.apps)).toEqual(['identity', 'gateway']);
    expect(plan.standIns).toEqual(['organisation']);
  });

  it('runs the built organisation service when asked, and notifications with the mail catcher it sends through', () => {
    expect(names(planStack({ organisation: 'real' }).apps)).toEqual(['identity', 'organisation', 'gateway']);
    const full = planStack({ organisation: 'real', notifications: true });
    expect(names(full.apps)).toEqual(['mail-catcher', 'identity', 'organisation', 'notifications', 'gateway']);
    expect(full.standIns).toEqual([]);
  });

  it('runs a newly registered service when a suite names it, in the registry’s start order, without a change to the stack', () => {
    const billing: AppEntry = {
      name: 'billing',
      kind: 'service',
      description: 'invoices',
      order: 40,
      ports: { grpc: { port: 50060, env: 'BILLING_GRPC_PORT' }, admin: { port: 9110, env: 'BILLING_ADMIN_PORT' } },
      schema: { name: 'billing', env: 'BILLING_DB_SCHEMA' },
      calls: ['identity'],
    };
    expect(names(planStack({ organisation: 'real', services: ['billing'] }, [...REGISTRY, billing]).apps)).toEqual([
      'identity',
      'organisation',
      'billing',
      'gateway',
    ]);
    expect(names(planStack({ organisation: 'real' }, [...REGISTRY, billing]).apps)).toEqual(['identity', 'organisation', 'gateway']);
    expect(() => planStack({ services: ['nope'] })).toThrow(/not a registered service/);
  });

  it('runs the legacy site, the connector’s peer, with the connector', () => {
    expect(names(planStack({ organisation: 'real', services: ['connector'] }).apps)).toEqual([
      'legacy-site',
      'identity',
      'organisation',
      'connector',
      'gateway',
    ]);
  });

  it('waits for /readyz on the admin port, or on the http port of an app registered with "ready": "http"', () => {
    const byName = (name: string) => REGISTRY.find((app) => app.name === name)!;
    expect(readyUrl(byName('identity'), { grpc: 1, admin: 2 })).toBe('http://127.0.0.1:2/readyz');
    expect(readyUrl(byName('mail-catcher'), { smtp: 3, http: 4 })).toBe('http://127.0.0.1:4/readyz');
  });
});
