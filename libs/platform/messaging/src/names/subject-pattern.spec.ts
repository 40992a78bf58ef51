import { consumerNameFor, filterCovers, filtersOverlap, isValidDurable, isValidFilter, isValidSubject } from './subject-pattern';

describe('subject patterns', () => {
  it('accepts <service>.<entity>.<verb> subjects with lowercase tokens and hyphens', () => {
    expect(isValidSubject('identity.user.registered')).toBe(true);
    expect(isValidSubject('organisation.join-request.approved')).toBe(true);
    expect(isValidSubject('identity.user.*')).toBe(false);
    expect(isValidSubject('Identity.user.registered')).toBe(false);
    expect(isValidSubject('identity..registered')).toBe(false);
    expect(isValidSubject('identity.user_x.registered')).toBe(false);
  });

  it('accepts filters with * anywhere and > only last', () => {
    expect(isValidFilter('identity.*.registered')).toBe(true);
    expect(isValidFilter('audit.>')).toBe(true);
    expect(isValidFilter('audit.>.x')).toBe(false);
    expect(isValidFilter('audit.')).toBe(false);
  });

  it('detects filters that match a common subject', () => {
    expect(filtersOverlap('identity.>', 'identity.user.registered')).toBe(true);
    expect(filtersOverlap('identity.*.registered', 'identity.user.*')).toBe(true);
    expect(filtersOverlap('identity.user.registered', 'identity.user.registered')).toBe(true);
    expect(filtersOverlap('identity.user.registered', 'identity.user.deleted')).toBe(false);
    expect(filtersOverlap('identity.user', 'identity.user.registered')).toBe(false);
    expect(filtersOverlap('identity.user.>', 'identity.user')).toBe(false);
    expect(filtersOverlap('identity.>', 'organisation.>')).toBe(false);
  });

  it('knows when one filter covers another', () => {
    expect(filterCovers('identity.>', 'identity.user.registered')).toBe(true);
    expect(filterCovers('identity.>', 'identity.user.>')).toBe(true);
    expect(filterCovers('identity.*.registered', 'identity.user.registered')).toBe(true);
    expect(filterCovers('identity.*.registered', 'identity.*.registered')).toBe(true);
    expect(filterCovers('identity.user.registered', 'identity.*.registered')).toBe(false);
    expect(filterCovers('identity.*', 'identity.>')).toBe(false);
    expect(filterCovers('identity.>', 'identity')).toBe(false);
    expect(filterCovers('identity.user', 'identity.user.registered')).toBe(false);
  });

  it('names one consumer per filter, readable and without dots or wildcards', () => {
    expect(consumerNameFor('members', 'identity.user.registered')).toBe('members__identity_user_registered');
    expect(consumerNameFor('audit-log', 'taudit1.audit.>')).toBe('audit-log__taudit1_audit_ALL');
    expect(consumerNameFor('m', 'identity.*.registered')).toBe('m__identity_STAR_registered');
    expect(consumerNameFor('m', 'identity.*.registered')).not.toBe(consumerNameFor('m', 'identity.star.registered'));
  });

  it('accepts durable names without dots, wildcards or underscores', () => {
    expect(isValidDurable('organisation-members')).toBe(true);
    expect(isValidDurable('a.b')).toBe(false);
    expect(isValidDurable('a_b')).toBe(false);
    expect(isValidDurable('')).toBe(false);
  });
});
