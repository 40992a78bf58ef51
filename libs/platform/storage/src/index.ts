export type { ObjectStore, ObjectRead, ResolvedRange, StoredObject, StorageProvider } from './object-store';
export { checkObjectKey } from './object-key';
export { LocalObjectStore } from './local-store';
export { S3ObjectStore, type S3StoreConfig } from './s3-store';
export { resolveRange, type RequestedRange } from './byte-range';
export { probeObjectStore } from './probe';
