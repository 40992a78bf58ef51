// platform.events.v1 as one module: the service in events.proto, its messages split by resource
// beside it (see organisation-v1.ts).
export * from './generated/platform/events/v1/events';
export * from './generated/platform/events/v1/calendar_events';
export * from './generated/platform/events/v1/registrations';
export * from './generated/platform/events/v1/surveys';
export * from './generated/platform/events/v1/imports';
