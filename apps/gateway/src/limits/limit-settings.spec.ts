import { fixtureProtos } from '../../test/support/fixture-protos';
import { RouteTable } from '../routing/route-table';
import { AbuseLimits } from './abuse-limits';
import { DEFAULT_LIMITS, LIMITED_ROUTES, readLimitSettings } from './limit-settings';

describe('abuse limit settings', () => {
  it('has defaults, and reads <points>/<seconds> or off per limit', () => {
    expect(readLimitSettings({})).toEqual(DEFAULT_LIMITS);
    const settings = readLimitSettings({ LIMIT_REGISTRATION_PER_IP: '3/60', LIMIT_REGISTRATION_GLOBAL: 'off', LIMIT_LOGIN_FAILURE_PER_IP: '100/900' });
    expect(settings?.registration).toEqual({ perIp: { points: 3, seconds: 60 } });
    expect(settings?.['login-failure']).toEqual({ perIp: { points: 100, seconds: 900 } });
    expect(readLimitSettings({ GATEWAY_ABUSE_LIMITS: 'off' })).toBeUndefined();
  });

  it.each(['10', '0/60', '10/0', 'ten/60', '10/60/1'])('refuses %s naming the variable', (value) => {
    expect(() => readLimitSettings({ LIMIT_JOIN_REQUEST_PER_IP: value })).toThrow(/LIMIT_JOIN_REQUEST_PER_IP must be <points>\/<seconds>/);
  });

  it('names only routes the proto declares; public reads spend from public-lookup; logins are booked apart', () => {
    const table = RouteTable.fromProtos(fixtureProtos());
    const labels = new Set(table.routes.map((route) => `${route.httpMethod} ${route.template.source}`));
    for (const label of Object.keys(LIMITED_ROUTES)) expect([label, labels.has(label)]).toEqual([label, true]);
    const byLabel = new Map(table.routes.map((route) => [`${route.httpMethod} ${route.template.source}`, route]));
    expect(AbuseLimits.limitOf(byLabel.get('POST /api/auth/org/register')!)).toBe('registration');
    expect(AbuseLimits.limitOf(byLabel.get('GET /api/orgs/slug/{slug}')!)).toBe('public-lookup');
    expect(AbuseLimits.limitOf(byLabel.get('POST /api/auth/org/login')!)).toBeUndefined();
    expect(AbuseLimits.limitOf(byLabel.get('GET /api/auth/me')!)).toBeUndefined();
  });
});
