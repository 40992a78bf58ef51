/**
 * An organisation's branding (spec section 2, Branding): two colours, a font family and a logo. An
 * organisation that was never branded shows the platform's defaults, never a 404.
 */
export interface BrandingValues {
  primaryColor: string;
  secondaryColor: string;
  fontFamily: string;
  logoUrl: string;
}

/** The platform's own look, shown until an administrator sets the organisation's. */
export const DEFAULT_BRANDING: Readonly<BrandingValues> = Object.freeze({
  primaryColor: '#1d4ed8',
  secondaryColor: '#64748b',
  fontFamily: 'system-ui, sans-serif',
  logoUrl: '',
});

/** `#rgb` or `#rrggbb`, either case; nothing else (no names, no alpha, no spaces). */
export const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/**
 * A CSS font-family list: family names (letters of any script, digits, spaces, hyphens, underscores, dots),
 * optionally quoted, separated by commas. Nothing that could close the declaration (`;`, `{`, `}`,
 * `<`, `(`) gets through, so the value is safe to put in a stylesheet.
 */
const FONT_NAME = String.raw`(?:"[\p{L}\p{N} _.-]+"|'[\p{L}\p{N} _.-]+'|[\p{L}\p{N} _.-]+)`;
const FONT_FAMILY = new RegExp(`^\\s*${FONT_NAME}(?:\\s*,\\s*${FONT_NAME})*\\s*$`, 'u');
export const FONT_FAMILY_MAX = 200;

export function fontFamilyProblem(value: string): string | undefined {
  if (value.trim() === '') return 'is required';
  if (value.length > FONT_FAMILY_MAX) return `must be at most ${FONT_FAMILY_MAX} characters`;
  if (!FONT_FAMILY.test(value)) return 'must be a list of font names separated by commas';
  return undefined;
}

/** Where an uploaded asset (a LOGO) is served: the documents service's storage route. */
export const STORAGE_PATH_PREFIX = '/api/storage/';
export const LOGO_URL_MAX = 2048;

/**
 * Why a logo URL cannot be used, or undefined when it can: an absolute http(s) URL with a host, or
 * the path of an uploaded asset under /api/storage/ (no `..` segment, no backslash, no spaces). ""
 * (no logo) is fine.
 */
export function logoUrlProblem(value: string): string | undefined {
  if (value === '') return undefined;
  if (value.length > LOGO_URL_MAX) return `must be at most ${LOGO_URL_MAX} characters`;
  if (/[\s\\<>"']/.test(value)) return 'must be an http or https URL, or an uploaded asset path under /api/storage/';
  if (value.startsWith(STORAGE_PATH_PREFIX)) {
    const rest = value.slice(STORAGE_PATH_PREFIX.length);
    const segments = (rest.split(/[?#]/, 1)[0] ?? '').split('/');
    if (rest === '' || segments.some((s) => s === '..' || s === '.')) return 'must be an uploaded asset path under /api/storage/';
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an http or https URL, or an uploaded asset path under /api/storage/';
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '' || !/^https?:\/\/[^/]/i.test(value)) {
    return 'must be an http or https URL, or an uploaded asset path under /api/storage/';
  }
  if (url.username || url.password) return 'must not carry a user name or password';
  return undefined;
}

/** The branding shown: what was saved, or the defaults when nothing was. */
export function effectiveBranding(saved: BrandingValues | null | undefined): BrandingValues {
  if (!saved) return { ...DEFAULT_BRANDING };
  return { primaryColor: saved.primaryColor, secondaryColor: saved.secondaryColor, fontFamily: saved.fontFamily, logoUrl: saved.logoUrl };
}

/** The fields whose value a change sets differently (absent fields are kept). */
export function changedBrandingFields(current: BrandingValues, change: Partial<BrandingValues>): Array<keyof BrandingValues> {
  return (Object.keys(DEFAULT_BRANDING) as Array<keyof BrandingValues>).filter((field) => change[field] !== undefined && change[field] !== current[field]);
}
