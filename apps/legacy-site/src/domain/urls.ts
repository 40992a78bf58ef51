/** Stored file references are site-relative (`/wp-content/uploads/...`) or absolute external URLs. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const path = pathOrUrl.startsWith('/') ? pathOrUrl : `/${pathOrUrl}`;
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}

export const UPLOADS_PREFIX = '/wp-content/uploads/';

/** URL of an uploaded file from its path relative to the uploads folder (`2024/03/x.pdf`). */
export function uploadUrl(siteUrl: string, file: string): string {
  return absoluteUrl(siteUrl, `${UPLOADS_PREFIX}${file.replace(/^\/+/, '')}`);
}

/** The CMS's name for a resized copy of an image: `photo.png` at 300×200 is `photo-300x200.png`. */
export function resizedFile(file: string, width: number, height: number): string {
  const dot = file.lastIndexOf('.');
  return dot < 0 ? `${file}-${width}x${height}` : `${file.slice(0, dot)}-${width}x${height}${file.slice(dot)}`;
}

const PERMALINK_BASE: Record<string, string> = {
  post: 'news',
  event: 'events',
  conference: 'conferences',
  document: 'documents',
  policy: 'policies',
  recall: 'recalls',
  company: 'companies',
  notification: 'notifications',
};

export function permalink(siteUrl: string, postType: string, slug: string): string {
  const base = PERMALINK_BASE[postType];
  return absoluteUrl(siteUrl, base ? `/${base}/${slug}/` : `/${slug}/`);
}
