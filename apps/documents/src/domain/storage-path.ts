const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const PATH = new RegExp(`^(${UUID})/(${UUID})/([A-Za-z0-9][A-Za-z0-9._-]{0,119})$`);
const ASSET_PATH = new RegExp(`^(${UUID})/assets/(${UUID})$`);

/**
 * The public path of a document's file: `<organizationId>/<documentId>/<safe name>`. Only this exact
 * shape is accepted; the object key is then read from the document's row, so nothing a client sends
 * (`..`, encoded or not) ever reaches the storage.
 */
export function parseStoragePath(path: string): { organizationId: string; documentId: string; name: string } | undefined {
  const match = PATH.exec(path);
  if (!match) return undefined;
  const [, organizationId = '', documentId = '', name = ''] = match;
  return { organizationId, documentId, name };
}

export function storagePathOf(organizationId: string, documentId: string, fileName: string): string {
  return `${organizationId}/${documentId}/${safeFileName(fileName)}`;
}

/** A URL- and path-safe version of a file name (its letters, digits, `.`, `_`, `-`), never empty. */
export function safeFileName(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .slice(0, 120);
  return cleaned === '' ? 'file' : cleaned;
}

/** The object key of a document's bytes: never derived from anything a client typed. */
export const objectKeyOf = (organizationId: string, documentId: string): string => `orgs/${organizationId}/documents/${documentId}`;

/** The public path of an organisation asset: `<organizationId>/assets/<assetId>` (the same after a replacement). */
export function parseAssetPath(path: string): { organizationId: string; assetId: string } | undefined {
  const match = ASSET_PATH.exec(path);
  if (!match) return undefined;
  const [, organizationId = '', assetId = ''] = match;
  return { organizationId, assetId };
}

export const assetPathOf = (organizationId: string, assetId: string): string => `${organizationId}/assets/${assetId}`;

/** An asset version's object key (a new one for each replacement, so the old bytes can be purged later). */
export const assetKeyOf = (organizationId: string, assetId: string, version: string): string => `orgs/${organizationId}/assets/${assetId}/${version}`;
