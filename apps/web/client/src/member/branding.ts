/** The organisation's branding as the API answers it (decision 0136: strict #rgb/#rrggbb colours). */
export interface BrandingValues {
  primaryColor?: string;
  secondaryColor?: string;
  fontFamily?: string;
  logoUrl?: string;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

function channels(hex: string): [number, number, number] | undefined {
  if (!HEX.test(hex)) return undefined;
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance of a #rgb/#rrggbb colour. */
export function luminance(hex: string): number | undefined {
  const rgb = channels(hex);
  if (!rgb) return undefined;
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21), undefined when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number | undefined {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === undefined || lb === undefined) return undefined;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const WHITE = '#ffffff';
const INK = '#1b1f24';

/**
 * The CSS custom properties that paint the member app in the organisation's colours, readable
 * whatever colour was chosen: text on the brand colour is white or ink, whichever contrasts more,
 * and the brand colour is used as text on white (links, secondary buttons) only when it reaches
 * 4.5:1 there. Nothing for a colour that is not one.
 */
export function brandStyle(branding: BrandingValues | undefined): Record<string, string> {
  const style: Record<string, string> = {};
  const primary = branding?.primaryColor;
  if (primary && HEX.test(primary)) {
    const onWhite = contrastRatio(primary, WHITE) ?? 0;
    const onInk = contrastRatio(primary, INK) ?? 0;
    style['--brand'] = primary;
    style['--brand-contrast'] = onWhite >= onInk ? WHITE : INK;
    style['--brand-text'] = onWhite >= 4.5 ? primary : INK;
  }
  if (branding?.fontFamily) style['fontFamily'] = branding.fontFamily;
  return style;
}

/**
 * The logo's address when this page may show it: the platform's own storage (uploaded logos,
 * decision 0160) or this origin. Logos elsewhere are left out: the pages' Content-Security-Policy
 * loads images from this origin only.
 */
export function displayableLogo(logoUrl: string | undefined, origin: string): string | undefined {
  if (!logoUrl) return undefined;
  if (logoUrl.startsWith('/') && !logoUrl.startsWith('//')) return logoUrl;
  try {
    const url = new URL(logoUrl);
    return url.origin === origin ? url.pathname + url.search : undefined;
  } catch {
    return undefined;
  }
}
