import { validateConsumerOptions, type ConsumerOptionsBase } from './consumer-options';

const base = { js: {}, stream: 'S', durable: 'members', logger: {} } as unknown as ConsumerOptionsBase;

describe('validateConsumerOptions', () => {
  it('accepts distinct filters', () => {
    expect(() => validateConsumerOptions({ ...base, filterSubjects: ['identity.user.registered', 'identity.user.deleted'] })).not.toThrow();
  });

  it('refuses overlapping filters, which would deliver one message twice', () => {
    expect(() => validateConsumerOptions({ ...base, filterSubjects: ['identity.>', 'identity.user.registered'] })).toThrow('overlap');
  });

  it('refuses bad names and settings', () => {
    expect(() => validateConsumerOptions({ ...base, filterSubjects: [] })).toThrow('no filter subjects');
    expect(() => validateConsumerOptions({ ...base, durable: 'a.b', filterSubjects: ['x.y.z'] })).toThrow('invalid durable');
    expect(() => validateConsumerOptions({ ...base, filterSubjects: ['x.>.z'] })).toThrow('invalid filter');
    expect(() => validateConsumerOptions({ ...base, filterSubjects: ['x.y.z'], alertAfter: 0 })).toThrow('alertAfter');
  });
});
