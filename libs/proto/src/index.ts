export * as identityV1 from './generated/platform/identity/v1/identity';
export * as organisationV1 from './organisation-v1';
export * as eventsV1 from './generated/platform/events/v1/identity_events';
export * as eventsCommonV1 from './generated/platform/events/v1/common';
export { protoDir } from './proto-dir';
export { LOADER_OPTIONS, loadPlatformDescriptors, platformProtoFiles } from './descriptors';
export * as healthV1 from './generated/grpc/health/v1/health';
export * as organisationEventsV1 from './generated/platform/events/v1/organisation_events';
export * as notificationsV1 from './generated/platform/notifications/v1/notifications';
