import { LocalObjectStore, S3ObjectStore, type ObjectStore, type StorageProvider } from '@platform/storage';
import type { DocumentsConfig } from '../config';

/**
 * The stores the service reads from and writes to. New uploads go to the configured provider; reads
 * and deletes go to the provider recorded with each document, so switching the provider affects new
 * uploads only (the other provider stays reachable while configured).
 */
export interface ObjectStores {
  /** Where new uploads go. */
  current: ObjectStore;
  of(provider: string): ObjectStore | undefined;
  close(): Promise<void>;
}

export function objectStoresFromConfig(config: DocumentsConfig): ObjectStores {
  const stores = new Map<StorageProvider, ObjectStore>();
  stores.set('LOCAL', new LocalObjectStore(config.STORAGE_LOCAL_DIR));
  if (config.STORAGE_S3_BUCKET !== '') {
    stores.set(
      'S3',
      new S3ObjectStore({
        endpoint: config.STORAGE_S3_ENDPOINT || undefined,
        region: config.STORAGE_S3_REGION,
        bucket: config.STORAGE_S3_BUCKET,
        forcePathStyle: config.STORAGE_S3_FORCE_PATH_STYLE,
        accessKeyId: config.STORAGE_S3_ACCESS_KEY_ID || undefined,
        secretAccessKey: config.STORAGE_S3_SECRET_ACCESS_KEY || undefined,
      }),
    );
  }
  const current = stores.get(config.STORAGE_PROVIDER);
  if (!current) throw new Error(`storage provider ${config.STORAGE_PROVIDER} is not configured`);
  return {
    current,
    of: (provider) => stores.get(provider as StorageProvider),
    close: async () => {
      for (const store of stores.values()) await store.close();
    },
  };
}
