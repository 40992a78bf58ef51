import {
  checksShown,
  connectorConfig,
  entityPercent,
  initialValues,
  jobFinished,
  jobPercent,
  nextStep,
  offsetOf,
  validateStep,
  type WizardValues,
} from './wizard';

const good: WizardValues = {
  name: 'Old site',
  siteUrl: 'https://club.example/',
  syncKey: 'key',
  enabledEntityTypes: ['EVENTS', 'MEMBERS'],
  syncIntervalMinutes: '60',
  copyImages: true,
  copyDocumentFiles: false,
  sourceTimezone: '+10:00',
};

describe('the connector wizard', () => {
  it('moves on only from a valid step', () => {
    expect(nextStep('site', good)).toBe('entities');
    expect(nextStep('entities', good)).toBe('checks');
    expect(nextStep('checks', good)).toBe('sync');
    expect(nextStep('sync', good)).toBe('sync');
    expect(nextStep('site', { ...good, siteUrl: 'ftp://x' })).toBe('site');
  });

  it('names each problem of the site step; a saved key may stay empty', () => {
    expect(validateStep('site', { ...good, name: '', siteUrl: '', syncKey: '' })).toEqual({ name: 'required', siteUrl: 'required', syncKey: 'required' });
    expect(validateStep('site', { ...good, siteUrl: 'not a url' })).toEqual({ siteUrl: 'url' });
    expect(validateStep('site', { ...good, syncKey: '' }, true)).toEqual({});
  });

  it('asks for a type, a whole interval and a UTC offset', () => {
    expect(validateStep('entities', { ...good, enabledEntityTypes: [], syncIntervalMinutes: '1.5', sourceTimezone: 'Europe/Brussels' })).toEqual({
      enabledEntityTypes: 'oneType',
      syncIntervalMinutes: 'interval',
      sourceTimezone: 'timezone',
    });
    expect(validateStep('entities', { ...good, syncIntervalMinutes: '', sourceTimezone: '-03:30' })).toEqual({});
  });

  it('builds the config: types in import order, key only when typed, no trailing slash', () => {
    expect(connectorConfig(good)).toEqual({
      siteUrl: 'https://club.example',
      syncKey: 'key',
      enabledEntityTypes: ['MEMBERS', 'EVENTS'],
      syncIntervalMinutes: 60,
      copyImages: true,
      copyDocumentFiles: false,
      sourceTimezone: '+10:00',
    });
    expect(connectorConfig({ ...good, syncKey: ' ', syncIntervalMinutes: '' })).not.toHaveProperty('syncKey');
    expect(connectorConfig({ ...good, syncIntervalMinutes: '' }).syncIntervalMinutes).toBe(0);
  });

  it('starts from the saved connector, or from every type and the viewer offset', () => {
    expect(offsetOf(60)).toBe('+01:00');
    expect(offsetOf(-210)).toBe('-03:30');
    expect(initialValues(undefined, 120)).toMatchObject({
      sourceTimezone: '+02:00',
      syncIntervalMinutes: '0',
      enabledEntityTypes: expect.arrayContaining(['MEMBERS', 'DOCUMENTS']),
    });
    expect(
      initialValues(
        {
          name: 'Site',
          config: { siteUrl: 'https://a.example', syncKeySet: true, enabledEntityTypes: ['EVENTS'], syncIntervalMinutes: 30, sourceTimezone: '+10:00' },
        },
        0,
      ),
    ).toMatchObject({
      name: 'Site',
      siteUrl: 'https://a.example',
      syncKey: '',
      enabledEntityTypes: ['EVENTS'],
      syncIntervalMinutes: '30',
      sourceTimezone: '+10:00',
    });
  });

  it('shows the checks one by one', () => {
    expect([0, 399, 400, 1700, 5000].map((ms) => checksShown(5, ms))).toEqual([1, 1, 2, 5, 5]);
    expect(checksShown(5, -1)).toBe(0);
  });
});

describe('sync progress', () => {
  it('counts a type 0 before its first page, up to 90 while writing, 100 when done', () => {
    expect(entityPercent(undefined)).toBe(0);
    expect(entityPercent({ entityType: 'MEMBERS', fetched: 0 })).toBe(0);
    expect(entityPercent({ entityType: 'MEMBERS', fetched: 100, created: 50 })).toBe(45);
    expect(entityPercent({ entityType: 'MEMBERS', fetched: 100, created: 90, skipped: 5, failed: 5 })).toBe(90);
    expect(entityPercent({ entityType: 'MEMBERS', fetched: 100, created: 0 })).toBe(1);
    expect(entityPercent({ entityType: 'MEMBERS', fetched: 3, created: 3, done: true })).toBe(100);
  });

  it('averages the job over its types, 100 only once COMPLETED', () => {
    const running = {
      status: 'RUNNING',
      progress: [
        { entityType: 'MEMBERS', done: true },
        { entityType: 'EVENTS', fetched: 10, created: 5 },
      ],
    };
    expect(jobPercent(running, ['MEMBERS', 'EVENTS'])).toBe(72); // (100 + 45) / 2
    expect(jobPercent({ status: 'RUNNING', progress: [{ entityType: 'MEMBERS', done: true }] }, ['MEMBERS'])).toBe(99);
    expect(jobPercent({ status: 'COMPLETED', progress: [] }, ['MEMBERS'])).toBe(100);
    expect(jobPercent(undefined, ['MEMBERS'])).toBe(0);
    expect(jobFinished({ status: 'FAILED' })).toBe(true);
    expect(jobFinished({ status: 'PENDING' })).toBe(false);
  });
});
