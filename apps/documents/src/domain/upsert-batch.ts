/** Records one upsert call takes (the connector pages its import by this). */
export const MAX_UPSERT_BATCH = 500;

export type UpsertAction = 'CREATE' | 'UPDATE' | 'SKIP' | 'ERROR';

export interface UpsertResult {
  externalId: string;
  action: UpsertAction;
  id: string;
  error: string;
}

/** The answer of an upsert call: the results in the order sent, and the count of each action. */
export function upsertResponse(results: UpsertResult[]) {
  const count = (action: UpsertAction) => results.filter((r) => r.action === action).length;
  return { results, created: count('CREATE'), updated: count('UPDATE'), skipped: count('SKIP'), failed: count('ERROR') };
}

/** The problem of a record's external id in its batch, if any (blank, too long, or sent twice). */
export function externalIdProblem(externalId: string, seen: Set<string>): string | undefined {
  if (externalId.trim() === '') return 'externalId is required';
  if (externalId.length > 100) return 'externalId must be at most 100 characters';
  if (seen.has(externalId)) return 'externalId appears twice in the batch';
  seen.add(externalId);
  return undefined;
}

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
