import { PlatformError } from '@platform/errors';
import type { documentsV1 } from '@platform/proto';
import { probeObjectStore } from '@platform/storage';
import type { DocumentsDeps } from '../deps';
import { checkStorageConfig, type StorageConfigInput } from '../domain/storage-config';
import { type TargetSettings } from '../storage/object-stores';
import { findStorageSettings, saveStorageSettings, type StorageSettingsRow, type StorageTargetRow } from '../store/storage-settings-store';

/** The configuration as GET answers it: the saved one, else the environment's. Never a secret. */
export async function readStorageConfig(deps: DocumentsDeps): Promise<documentsV1.StorageConfig> {
  const found = await findStorageSettings(deps.db);
  if (!found) {
    const env = deps.settings.environmentTarget;
    return configMessage({ ...env, secretSet: env.secretAccessKey !== '' }, deps.settings.defaultQuotaBytes, { updatedAt: '', updatedBy: '' });
  }
  return savedMessage(found, deps.settings.defaultQuotaBytes);
}

/**
 * Replaces the configuration: checks the fields, probes the target with them (write, read and
 * delete a probe object; a failure is refused with its reason, nothing saved), then saves a new
 * target (the secret sealed) and makes it current. Objects already stored keep their target.
 */
export async function updateStorageConfig(deps: DocumentsDeps, input: StorageConfigInput, userId: string): Promise<documentsV1.StorageConfig> {
  const checked = checkStorageConfig(input);
  const current = await findStorageSettings(deps.db);
  let secretSealed: string | null;
  if (checked.secretAccessKey === undefined) {
    // Absent keeps the saved secret, when it belongs to the same provider and key id.
    const keep = current && current.target.provider === checked.provider && current.target.accessKeyId === checked.accessKeyId;
    secretSealed = keep ? current.target.secretSealed : null;
  } else {
    secretSealed = checked.secretAccessKey === '' ? null : deps.secrets.seal(checked.secretAccessKey);
  }
  const target: TargetSettings = {
    provider: checked.provider,
    endpoint: checked.endpoint,
    region: checked.region,
    bucket: checked.bucket,
    forcePathStyle: checked.forcePathStyle,
    accessKeyId: checked.accessKeyId,
    secretAccessKey: secretSealed ? deps.secrets.open(secretSealed) : '',
    objectStoreProjectId: checked.objectStoreProjectId,
  };
  const store = deps.stores.build(target);
  let failure: string | undefined;
  try {
    failure = await probeObjectStore(store);
  } finally {
    await store.close();
  }
  if (failure) {
    throw PlatformError.validation(
      [{ field: 'provider', message: `the ${checked.provider} target failed its check: ${failure}` }],
      `The storage target failed its check: ${failure}`,
    );
  }
  const quota = checked.quotaBytes !== undefined ? BigInt(checked.quotaBytes) : (current?.settings.quotaBytes ?? null);
  const saved = await saveStorageSettings(
    deps.db,
    {
      provider: checked.provider,
      endpoint: checked.endpoint,
      region: checked.region,
      bucket: checked.bucket,
      forcePathStyle: checked.forcePathStyle,
      accessKeyId: checked.accessKeyId,
      secretSealed,
      objectStoreProjectId: checked.objectStoreProjectId,
      createdBy: userId,
    },
    quota,
    new Date(deps.now()),
  );
  deps.stores.settingsChanged();
  return savedMessage(saved, deps.settings.defaultQuotaBytes);
}

function savedMessage(found: { settings: StorageSettingsRow; target: StorageTargetRow }, defaultQuota: number): documentsV1.StorageConfig {
  const { settings, target } = found;
  return configMessage(
    { ...target, provider: target.provider as TargetSettings['provider'], secretSet: target.secretSealed !== null },
    settings.quotaBytes === null ? defaultQuota : Number(settings.quotaBytes),
    { updatedAt: settings.updatedAt.toISOString(), updatedBy: settings.updatedBy },
  );
}

function configMessage(
  target: Omit<TargetSettings, 'secretAccessKey'> & { secretSet: boolean },
  quotaBytes: number,
  updated: { updatedAt: string; updatedBy: string },
): documentsV1.StorageConfig {
  const objectStore = target.provider === 'OBJECT_STORE';
  const remote = target.provider !== 'LOCAL';
  return {
    provider: target.provider,
    endpoint: remote ? target.endpoint : '',
    region: remote ? target.region : '',
    bucket: target.provider === 'S3' ? target.bucket : '',
    forcePathStyle: remote && target.forcePathStyle,
    accessKey: remote ? target.accessKeyId : '',
    secretAccessKeySet: remote && target.secretSet,
    objectStoreBucketName: objectStore ? target.bucket : '',
    objectStoreProjectId: objectStore ? target.objectStoreProjectId : '',
    organizationQuotaBytes: String(quotaBytes),
    ...updated,
  };
}
