// platform.content.v1 as one module: ts-proto writes one file per .proto file, and the package is
// split by resource (the service in content.proto, its messages beside it). Every file of the
// package is listed here, so `contentV1` keeps every message, the service and its client.
export * from './generated/platform/content/v1/content';
export * from './generated/platform/content/v1/articles';
export * from './generated/platform/content/v1/comments';
export * from './generated/platform/content/v1/companies';
export * from './generated/platform/content/v1/imports';
