/** A remote file URL an import may record: http(s), no credentials, at most 2048 characters. */
export function remoteUrlProblem(value: string): string | undefined {
  if (value.length > 2048) return 'fileUrl must be at most 2048 characters';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'fileUrl must be an http or https URL';
  }
  if (!['http:', 'https:'].includes(url.protocol)) return 'fileUrl must be an http or https URL';
  if (url.username || url.password) return 'fileUrl must not carry credentials';
  return undefined;
}

/** The file name of a remote URL: its last path segment, decoded, or "file". */
export function fileNameOfUrl(value: string): string {
  try {
    const segment = new URL(value).pathname.split('/').filter(Boolean).pop() ?? '';
    return decodeURIComponent(segment).slice(0, 255) || 'file';
  } catch {
    return 'file';
  }
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;
export const isMimeType = (value: string): boolean => MIME.test(value);
