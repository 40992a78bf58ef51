import { contrastRatio, isHexColour, normaliseHex, textOn } from './branding';

describe('branding colours', () => {
  it('takes #rgb and #rrggbb only', () => {
    expect(isHexColour('#1f4e79')).toBe(true);
    expect(isHexColour('#FFF')).toBe(true);
    expect(isHexColour('1f4e79')).toBe(false);
    expect(isHexColour('#12345')).toBe(false);
    expect(normaliseHex('#AbC')).toBe('#aabbcc');
    expect(normaliseHex('red')).toBeUndefined();
  });

  it('measures contrast as WCAG does and picks the readable text colour', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 1);
    expect(textOn('#1f4e79')).toMatchObject({ color: '#ffffff', aa: true });
    expect(textOn('#ffee00')).toMatchObject({ color: '#000000', aa: true });
  });
});
