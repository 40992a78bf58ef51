export * as identityV1 from './generated/platform/identity/v1/identity';
export * as organisationV1 from './organisation-v1';
export * as identityEventsV1 from './generated/platform/messages/v1/identity';
export * as eventsCommonV1 from './generated/platform/messages/v1/common';
export { protoDir } from './proto-dir';
export { platformMethodOptions, type MethodOptions } from './method-options';
// No export here loads proto-loader: services read RPC options from the generated table (method-options.ts);
// the tests that parse the .proto files import ./descriptors themselves.
export { LOADER_OPTIONS, platformProtoFiles } from './proto-files';
export * as healthV1 from './generated/grpc/health/v1/health';
export * as organisationEventsV1 from './generated/platform/messages/v1/organisation';
export * as notificationsV1 from './generated/platform/notifications/v1/notifications';
export * as contentV1 from './content-v1';
export * as contentEventsV1 from './generated/platform/messages/v1/content';
export * as eventsV1 from './events-v1';
export * as eventLifecycleV1 from './generated/platform/messages/v1/events';
export * as documentsV1 from './documents-v1';
export * as filesV1 from './generated/platform/files/v1/files';
export * as connectorV1 from './generated/platform/connector/v1/connector';
