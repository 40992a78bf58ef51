/**
 * Input rules the proto types cannot express, derived from field names (camelCase, as proto-loader
 * names them) so that every service gets them without restating them:
 *  - UUIDs: `id`, `*Id` and `*Ids` (`organization_id`, `roleId`, `accountIds`), except the names in
 *    NOT_UUID, which carry foreign or free-form identifiers;
 *  - maximum string lengths: the first matching rule of STRING_LIMITS, else DEFAULT_MAX_LENGTH.
 * Services validate their own rules (formats, ranges) again; these bound what reaches them.
 */
export const DEFAULT_MAX_LENGTH = 2000;

/** Identifiers named like ids that are not platform UUIDs. */
export const NOT_UUID = new Set([
  'externalId', // the legacy site's own ids (numeric)
  'questionId', // survey question keys, strings in the spec
  'objectStoreProjectId', // a cloud project name
  'projectId',
  'clientId',
  'deviceId', // a device's own identifier (LIMIT_PER_DEVICE rotation), free-form
]);

export interface StringLimit {
  /** Human name of the rule, for docs and messages. */
  label: string;
  maxLength: number;
  test(name: string): boolean;
}

const endsWithWord = (name: string, word: string): boolean => name === word.toLowerCase() || name.endsWith(word);

/** First match wins. */
export const STRING_LIMITS: readonly StringLimit[] = [
  { label: 'email', maxLength: 254, test: (n) => endsWithWord(n, 'Email') || n === 'to' || n === 'fromAddress' },
  { label: 'password', maxLength: 128, test: (n) => endsWithWord(n, 'Password') },
  { label: 'name', maxLength: 100, test: (n) => endsWithWord(n, 'Name') || n === 'username' },
  { label: 'slug', maxLength: 63, test: (n) => endsWithWord(n, 'Slug') || endsWithWord(n, 'Subdomain') },
  { label: 'token', maxLength: 4096, test: (n) => endsWithWord(n, 'Token') },
  { label: 'url', maxLength: 2048, test: (n) => endsWithWord(n, 'Url') || endsWithWord(n, 'Uri') },
  {
    // HTML and long text: bounded by the request body limit only.
    label: 'long text',
    maxLength: 1024 * 1024,
    test: (n) => ['content', 'body', 'description', 'termsOfService', 'privacyPolicy', 'cookiePolicy', 'config'].includes(n),
  },
];

export function isUuidField(name: string): boolean {
  if (NOT_UUID.has(name)) return false;
  return name === 'id' || name === 'ids' || /[a-z0-9]Ids?$/.test(name) || /[a-z0-9]_ids?$/.test(name);
}

export function maxLengthOf(name: string): number {
  return STRING_LIMITS.find((rule) => rule.test(name))?.maxLength ?? DEFAULT_MAX_LENGTH;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);
