const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/**
 * Object keys are `segment/segment/…` of letters, digits, `.`, `_` and `-`, each starting with a
 * letter or digit (so never `.` or `..`), at most 1024 characters. Anything else (traversal,
 * encoded or not, absolute paths, backslashes, empty segments) is refused before a provider sees it.
 */
export function checkObjectKey(key: string): string {
  if (key.length === 0 || key.length > 1024) throw new Error(`invalid object key (length ${key.length})`);
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment)) throw new Error(`invalid object key segment '${segment.slice(0, 40)}'`);
  }
  return key;
}
