/** A colour as the branding takes it: `#rgb` or `#rrggbb`. */
export function isHexColour(value: string): boolean {
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim());
}

/** `#rgb` written out as `#rrggbb`, lower case; undefined for anything else. */
export function normaliseHex(value: string): string | undefined {
  const v = value.trim().toLowerCase();
  if (!isHexColour(v)) return undefined;
  return v.length === 4 ? `#${v[1]}${v[1]}${v[2]}${v[2]}${v[3]}${v[3]}` : v;
}

function luminance(hex: string): number {
  const full = normaliseHex(hex) ?? '#000000';
  const [r = 0, g = 0, b = 0] = [1, 3, 5]
    .map((i) => parseInt(full.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi = 0, lo = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
}

/** The text colour (black or white) that reads best on a background, and whether it reaches AA (4.5:1). */
export function textOn(background: string): { color: '#000000' | '#ffffff'; ratio: number; aa: boolean } {
  const white = contrastRatio(background, '#ffffff');
  const black = contrastRatio(background, '#000000');
  const color = white >= black ? '#ffffff' : '#000000';
  const ratio = Math.max(white, black);
  return { color, ratio, aa: ratio >= 4.5 };
}
