// platform.documents.v1 as one module: ts-proto writes one file per .proto file, and the package is
// split by resource (the service in documents.proto, its messages beside it). Every file of the
// package is listed here, so `documentsV1` keeps every message, the service and its client.
export * from './generated/platform/documents/v1/documents';
export * from './generated/platform/documents/v1/assets';
export * from './generated/platform/documents/v1/imports';
export * from './generated/platform/documents/v1/storage_config';
