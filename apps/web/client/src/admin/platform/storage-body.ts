const FIELDS = [
  'provider',
  'endpoint',
  'region',
  'bucket',
  'forcePathStyle',
  'accessKey',
  'objectStoreBucketName',
  'objectStoreProjectId',
  'organizationQuotaBytes',
] as const;

/**
 * The PUT body of the storage configuration. The PUT replaces the configuration, so every field is
 * sent, not only the changed ones (a quota alone would lose the provider); the secret is write-only,
 * sent only when typed (absent keeps the saved one; an empty one would remove it).
 */
export function storageConfigBody(values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of FIELDS) if (values[field] !== undefined && values[field] !== null) body[field] = values[field];
  const secret = values['secretAccessKey'];
  if (typeof secret === 'string' && secret !== '') body['secretAccessKey'] = secret;
  return body;
}
