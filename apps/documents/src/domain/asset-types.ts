/** Spec 4.2: `assetType`; LOGO is the one type so far. */
export const ASSET_TYPES = ['LOGO'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

/**
 * A logo is a raster image: PNG, JPEG, GIF or WebP, detected from its bytes. SVG is refused, not
 * sanitised: an SVG can carry scripts and external references, and a served logo is public and
 * shown inline; a sanitiser good enough to trust would be a new dependency (docs/decisions/0160-assets.md).
 */
export const LOGO_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** A connector's copy of a legacy site's image (copy-images): never uploaded through the API. */
export const IMPORTED_IMAGE = 'IMPORTED_IMAGE';

export const isLogoType = (mime: string | undefined): mime is string => mime !== undefined && LOGO_TYPES.has(mime);

export function assetTypeOf(value: string): AssetType | undefined {
  const normalized = value.trim().toUpperCase();
  return (ASSET_TYPES as readonly string[]).includes(normalized) ? (normalized as AssetType) : undefined;
}
