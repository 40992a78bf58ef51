import { changedBrandingFields, DEFAULT_BRANDING, effectiveBranding, fontFamilyProblem, HEX_COLOUR, logoUrlProblem } from './branding';

describe('branding rules', () => {
  it.each(['#fff', '#FFF', '#1a2B3c', '#000000'])('accepts the colour %s', (colour) => {
    expect(HEX_COLOUR.test(colour)).toBe(true);
  });

  it.each(['fff', '#ffff', '#12345', '#1234567', '#ggg', 'red', 'rgb(0,0,0)', '#fff ', ' #fff', '#ffffff00', ''])('refuses the colour %j', (colour) => {
    expect(HEX_COLOUR.test(colour)).toBe(false);
  });

  it.each([
    'https://cdn.example.org/logo.png',
    'http://example.org/a/b.svg?v=2',
    '/api/storage/org-1/assets/logo.png',
    '/api/storage/abc?signature=x&expires=1',
    '',
  ])('accepts the logo URL %j', (url) => {
    expect(logoUrlProblem(url)).toBeUndefined();
  });

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'ftp://files.example.org/logo.png',
    '//evil.example/logo.png',
    '/etc/passwd',
    '/api/storage/',
    '/api/storage/../../admin',
    'https://user:pass@example.org/logo.png',
    'https:/example.org',
    'https://exa mple.org/logo.png',
    'logo.png',
    `https://example.org/${'a'.repeat(2100)}`,
  ])('refuses the logo URL %j', (url) => {
    expect(logoUrlProblem(url)).toEqual(expect.any(String));
  });

  it.each(['Inter', 'Inter, sans-serif', '"Open Sans", Arial, sans-serif', "'Noto Serif JP', serif", 'system-ui'])('accepts the font family %j', (font) => {
    expect(fontFamilyProblem(font)).toBeUndefined();
  });

  it.each(['', '   ', 'Arial; color: red', 'Arial}</style><script>', 'url(x)', 'A,', `${'A'.repeat(201)}`])('refuses the font family %j', (font) => {
    expect(fontFamilyProblem(font)).toEqual(expect.any(String));
  });

  it('shows the defaults until something is saved, then what was saved', () => {
    expect(effectiveBranding(null)).toEqual(DEFAULT_BRANDING);
    const saved = { primaryColor: '#123', secondaryColor: '#456789', fontFamily: 'Inter', logoUrl: '' };
    expect(effectiveBranding({ ...saved, organizationId: 'x' } as typeof saved)).toEqual(saved);
  });

  it('names the fields a change sets differently', () => {
    expect(changedBrandingFields(DEFAULT_BRANDING, { primaryColor: '#000', secondaryColor: DEFAULT_BRANDING.secondaryColor })).toEqual(['primaryColor']);
    expect(changedBrandingFields(DEFAULT_BRANDING, {})).toEqual([]);
  });
});
