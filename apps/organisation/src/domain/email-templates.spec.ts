import { deliveryTemplate, effectiveTemplate, isCustomised, normaliseTemplateType, previewValues, TEMPLATE_TYPE_PATTERN } from './email-templates';

const fallback = { type: 'WELCOME', subject: 'Welcome to {{org.name}}', body: '<p>Hi</p>', placeholders: ['org.name'], flags: [] };

describe('email templates', () => {
  it('shows the default until a subject and body are stored', () => {
    expect(effectiveTemplate(undefined, fallback)).toEqual({ subject: fallback.subject, body: fallback.body, customized: false });
    expect(effectiveTemplate({ subject: null, body: null }, fallback).customized).toBe(false);
    expect(effectiveTemplate({ subject: 'S', body: null }, fallback).customized).toBe(false);
    expect(effectiveTemplate({ subject: 'S', body: '<p>B</p>' }, fallback)).toEqual({ subject: 'S', body: '<p>B</p>', customized: true });
  });

  it('delivers only a customised template (none means the default)', () => {
    expect(deliveryTemplate(undefined)).toBeUndefined();
    expect(deliveryTemplate({ subject: null, body: null })).toBeUndefined();
    expect(deliveryTemplate({ subject: 'S', body: 'B' })).toEqual({ subject: 'S', body: 'B' });
    expect(isCustomised({ subject: '', body: '' })).toBe(true);
  });

  it('normalises and checks type names', () => {
    expect(normaliseTemplateType(' password_reset ')).toBe('PASSWORD_RESET');
    expect(TEMPLATE_TYPE_PATTERN.test('PASSWORD_RESET')).toBe(true);
    expect(TEMPLATE_TYPE_PATTERN.test('password-reset')).toBe(false);
    expect(TEMPLATE_TYPE_PATTERN.test('')).toBe(false);
  });

  it('previews with the organisation’s own name and slug', () => {
    expect(previewValues({ name: 'Chess Club', slug: 'chess' })).toEqual({ 'org.name': 'Chess Club', 'org.slug': 'chess' });
  });
});
