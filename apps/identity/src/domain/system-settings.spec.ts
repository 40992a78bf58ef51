import { applySecretChanges, applySettingsUpdate, changedSettings, DEFAULT_SETTINGS } from './system-settings';

describe('system settings', () => {
  it('default to open registration, 10 organisations per user, local storage and CREATE_NEW', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      allowPublicRegistration: true,
      maxOrganisationsPerUser: 10,
      defaultStorageProvider: 'local',
      tokenRotationStrategy: 'CREATE_NEW',
      maxActiveTokensPerUser: 5,
    });
  });

  it('change the fields an update gives and keep the others', () => {
    const { values, violations } = applySettingsUpdate(DEFAULT_SETTINGS, { allowPublicRegistration: false, tokenRotationStrategy: 'LIMIT_TOTAL', secrets: {} });
    expect(violations).toEqual([]);
    expect(values).toEqual({ ...DEFAULT_SETTINGS, allowPublicRegistration: false, tokenRotationStrategy: 'LIMIT_TOTAL' });
  });

  it('refuse out-of-range numbers and unknown names, each with a clear message', () => {
    const { violations } = applySettingsUpdate(DEFAULT_SETTINGS, {
      maxOrganisationsPerUser: 0,
      maxActiveTokensPerUser: 1.5,
      defaultStorageProvider: 'ftp',
      tokenRotationStrategy: 'SOMETIMES',
      secrets: {},
    });
    expect(violations).toEqual([
      { field: 'maxOrganisationsPerUser', message: 'must be an integer from 1 to 1000' },
      { field: 'maxActiveTokensPerUser', message: 'must be an integer from 1 to 100' },
      { field: 'defaultStorageProvider', message: 'must be one of local, s3, object-store' },
      { field: 'tokenRotationStrategy', message: 'must be one of CREATE_NEW, UPDATE_EXISTING, LIMIT_PER_DEVICE, LIMIT_TOTAL' },
    ]);
  });

  it('seal secret values, remove a secret given as "", and keep the ones not mentioned', () => {
    const seal = (v: string) => `sealed(${v})`;
    const { secrets, violations } = applySecretChanges({ keep: 'sealed(k)', drop: 'sealed(d)' }, { drop: '', add: 'value' }, seal);
    expect(violations).toEqual([]);
    expect(secrets).toEqual({ keep: 'sealed(k)', add: 'sealed(value)' });
  });

  it('refuse malformed secret names', () => {
    expect(applySecretChanges({}, { '1bad name': 'x' }, (v) => v).violations[0]?.field).toBe('secrets.1bad name');
  });

  it('name what an update changed, secrets by name only', () => {
    expect(changedSettings(DEFAULT_SETTINGS, { ...DEFAULT_SETTINGS, maxActiveTokensPerUser: 3 }, { s3SecretKey: 'x' })).toEqual([
      'maxActiveTokensPerUser',
      'secrets.s3SecretKey',
    ]);
  });
});
