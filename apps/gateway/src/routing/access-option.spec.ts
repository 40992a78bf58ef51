import { readAccessOption } from './access-option';

describe('the access option', () => {
  it('reads level, authority, success status, org param and lockout', () => {
    expect(readAccessOption({ auth: 'AUTH_LEVEL_ADMIN', authority: 'ORG:MEMBER:INVITE', success_status: 201, org_param: 'organization_id' }, 'm')).toEqual({
      auth: 'admin',
      authority: 'ORG:MEMBER:INVITE',
      successStatus: 201,
      orgParam: 'organization_id',
      loginLockout: false,
    });
    expect(readAccessOption({ auth: 'AUTH_LEVEL_PUBLIC', login_lockout: true }, 'm')).toMatchObject({ auth: 'public', successStatus: 200, loginLockout: true });
  });

  it('fails when an exposed RPC has no option or no level', () => {
    expect(() => readAccessOption(undefined, 'Svc.M')).toThrow('Svc.M is exposed over REST but has no (platform.options.v1.access) option');
    expect(() => readAccessOption({ auth: 'AUTH_LEVEL_UNSPECIFIED' }, 'm')).toThrow('needs an auth level');
  });

  it('fails on unknown authorities and odd success statuses', () => {
    expect(() => readAccessOption({ auth: 'AUTH_LEVEL_USER', authority: 'ORG:NOPE:DO' }, 'm')).toThrow('unknown authority');
    expect(() => readAccessOption({ auth: 'AUTH_LEVEL_USER', success_status: 302 }, 'm')).toThrow('success_status 302');
  });
});
