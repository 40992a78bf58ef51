import type { SecretBox } from '@platform/crypto';
import { LocalObjectStore, S3ObjectStore, type ObjectStore } from '@platform/storage';
import type { DocumentsConfig } from '../config';
import type { StorageProviderName } from '../domain/storage-config';
import type { DocumentsDb } from '../store/db';
import { findStorageSettings, findStorageTarget, type StorageTargetRow } from '../store/storage-settings-store';

/** Google Cloud Storage's S3-compatible (XML API) endpoint, used by OBJECT_STORE unless another is set. */
export const OBJECT_STORE_DEFAULT_ENDPOINT = 'https://storage.googleapis.com';

/** Where an object's bytes are: the provider and the saved target (null: the environment's configuration). */
export interface StoreRef {
  storageProvider: string;
  storageTargetId: string | null;
}

/** A target's settings with its secret opened. */
export interface TargetSettings {
  provider: StorageProviderName;
  endpoint: string;
  region: string;
  bucket: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
  objectStoreProjectId: string;
}

/**
 * The stores the service reads from and writes to. New uploads go to the current target (the saved
 * storage settings, else the environment's); reads and deletes go to the target recorded with each
 * object, so switching the configuration affects new uploads only: saved targets are never changed,
 * and every one stays reachable.
 */
export interface ObjectStores {
  /** Where new uploads go, and the reference to record with them. */
  current(): Promise<{ store: ObjectStore; ref: StoreRef }>;
  /** Bytes one organisation may hold. */
  quotaBytes(): Promise<number>;
  /** The store that holds an object; undefined when its provider is not available here. */
  of(ref: StoreRef): Promise<ObjectStore | undefined>;
  /** A store for settings not saved yet (the probe of a PUT); the caller closes it. */
  build(settings: TargetSettings): ObjectStore;
  /** Drops the cached settings (after a PUT; other replicas see the change within the cache time). */
  settingsChanged(): void;
  close(): Promise<void>;
}

export interface ObjectStoresOptions {
  db: DocumentsDb;
  secrets: SecretBox;
  /** How long the saved settings are cached (other replicas pick a change up within this time). */
  cacheMs?: number;
  now?: () => number;
}

/** An S3 (or OBJECT_STORE) target's client settings. */
export function storeOf(settings: TargetSettings, localDir: string): ObjectStore {
  if (settings.provider === 'LOCAL') return new LocalObjectStore(localDir);
  const objectStore = settings.provider === 'OBJECT_STORE';
  return new S3ObjectStore({
    endpoint: settings.endpoint || (objectStore ? OBJECT_STORE_DEFAULT_ENDPOINT : undefined),
    region: settings.region || (objectStore ? 'auto' : 'us-east-1'),
    bucket: settings.bucket,
    forcePathStyle: settings.forcePathStyle,
    accessKeyId: settings.accessKeyId || undefined,
    secretAccessKey: settings.secretAccessKey || undefined,
  });
}

/** The environment's target (STORAGE_* variables). */
export function environmentTarget(config: DocumentsConfig, provider: 'LOCAL' | 'S3' = config.STORAGE_PROVIDER): TargetSettings {
  return {
    provider,
    endpoint: config.STORAGE_S3_ENDPOINT,
    region: config.STORAGE_S3_REGION,
    bucket: config.STORAGE_S3_BUCKET,
    forcePathStyle: config.STORAGE_S3_FORCE_PATH_STYLE,
    accessKeyId: config.STORAGE_S3_ACCESS_KEY_ID,
    secretAccessKey: config.STORAGE_S3_SECRET_ACCESS_KEY,
    objectStoreProjectId: '',
  };
}

export function targetSettingsOf(row: StorageTargetRow, secrets: SecretBox): TargetSettings {
  return {
    provider: row.provider as StorageProviderName,
    endpoint: row.endpoint,
    region: row.region,
    bucket: row.bucket,
    forcePathStyle: row.forcePathStyle,
    accessKeyId: row.accessKeyId,
    secretAccessKey: row.secretSealed ? secrets.open(row.secretSealed) : '',
    objectStoreProjectId: row.objectStoreProjectId,
  };
}

export function objectStoresFromConfig(config: DocumentsConfig, options: ObjectStoresOptions): ObjectStores {
  const now = options.now ?? Date.now;
  const cacheMs = options.cacheMs ?? 5000;
  const environment = new Map<string, ObjectStore>();
  environment.set('LOCAL', new LocalObjectStore(config.STORAGE_LOCAL_DIR));
  if (config.STORAGE_S3_BUCKET !== '') environment.set('S3', storeOf(environmentTarget(config, 'S3'), config.STORAGE_LOCAL_DIR));
  if (!environment.has(config.STORAGE_PROVIDER)) throw new Error(`storage provider ${config.STORAGE_PROVIDER} is not configured`);
  const saved = new Map<string, Promise<ObjectStore | undefined>>();

  let cached: { at: number; value: Promise<{ ref: StoreRef; quotaBytes: number }> } | undefined;
  const settings = (): Promise<{ ref: StoreRef; quotaBytes: number }> => {
    if (!cached || now() - cached.at > cacheMs) {
      const value = findStorageSettings(options.db).then((found) =>
        found
          ? {
              ref: { storageProvider: found.target.provider, storageTargetId: found.target.id },
              quotaBytes: found.settings.quotaBytes === null ? config.DOCUMENTS_QUOTA_BYTES : Number(found.settings.quotaBytes),
            }
          : { ref: { storageProvider: config.STORAGE_PROVIDER, storageTargetId: null }, quotaBytes: config.DOCUMENTS_QUOTA_BYTES },
      );
      value.catch(() => (cached = undefined));
      cached = { at: now(), value };
    }
    return cached.value;
  };

  const of = (ref: StoreRef): Promise<ObjectStore | undefined> => {
    if (ref.storageTargetId === null) return Promise.resolve(environment.get(ref.storageProvider));
    const id = ref.storageTargetId;
    let store = saved.get(id);
    if (!store) {
      store = findStorageTarget(options.db, id).then((row) => (row ? storeOf(targetSettingsOf(row, options.secrets), config.STORAGE_LOCAL_DIR) : undefined));
      store.catch(() => saved.delete(id));
      saved.set(id, store);
    }
    return store;
  };

  return {
    async current() {
      const { ref } = await settings();
      const store = await of(ref);
      if (!store) throw new Error(`the current storage target (${ref.storageProvider} ${ref.storageTargetId ?? 'environment'}) cannot be reached`);
      return { store, ref };
    },
    quotaBytes: async () => (await settings()).quotaBytes,
    of,
    build: (target) => storeOf(target, config.STORAGE_LOCAL_DIR),
    settingsChanged: () => (cached = undefined),
    async close() {
      for (const store of environment.values()) await store.close();
      for (const store of saved.values()) await (await store.catch(() => undefined))?.close();
    },
  };
}
