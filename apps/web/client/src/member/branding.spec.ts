import { brandStyle, contrastRatio, displayableLogo } from './branding';

describe('branding', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 1);
    expect(contrastRatio('#1d4ed8', '#ffffff')).toBeCloseTo(6.7, 1);
    expect(contrastRatio('red', '#fff')).toBeUndefined();
  });

  it('keeps text readable on any brand colour', () => {
    expect(brandStyle({ primaryColor: '#1d4ed8', fontFamily: 'system-ui, sans-serif' })).toEqual({
      '--brand': '#1d4ed8',
      '--brand-contrast': '#ffffff',
      '--brand-text': '#1d4ed8',
      fontFamily: 'system-ui, sans-serif',
    });
    expect(brandStyle({ primaryColor: '#FC0' })).toEqual({ '--brand': '#FC0', '--brand-contrast': '#1b1f24', '--brand-text': '#1b1f24' });
    expect(brandStyle({ primaryColor: 'url(x)' })).toEqual({});
    expect(brandStyle(undefined)).toEqual({});
  });

  it('shows logos of this origin only', () => {
    const origin = 'https://club.example';
    expect(displayableLogo('/api/storage/org/assets/a', origin)).toBe('/api/storage/org/assets/a');
    expect(displayableLogo('https://club.example/api/storage/x?v=1', origin)).toBe('/api/storage/x?v=1');
    expect(displayableLogo('https://cdn.elsewhere.example/logo.png', origin)).toBeUndefined();
    expect(displayableLogo('//cdn.elsewhere.example/logo.png', origin)).toBeUndefined();
    expect(displayableLogo('', origin)).toBeUndefined();
  });
});
