// platform.events.v1 as one module: the service in events.proto, its messages split by resource
// beside it (see organisation-v1.ts).
export * from './generated/platform/events/v1/events';
export * from './generated/platform/events/v1/event_messages';
export * from './generated/platform/events/v1/registration_messages';
export * from './generated/platform/events/v1/survey_messages';
export * from './generated/platform/events/v1/import_messages';
