// platform.organisation.v1 as one module: ts-proto writes one file per .proto file, and the package
// is split by resource (the service in organisation.proto, its messages beside it). Every file of
// the package is listed here, so `organisationV1` keeps every message, the service and its client.
export * from './generated/platform/organisation/v1/organisation';
export * from './generated/platform/organisation/v1/organisations';
export * from './generated/platform/organisation/v1/roles';
export * from './generated/platform/organisation/v1/members';
export * from './generated/platform/organisation/v1/member_import';
export * from './generated/platform/organisation/v1/membership_types';
export * from './generated/platform/organisation/v1/billing';
export * from './generated/platform/organisation/v1/admin_users';
export * from './generated/platform/organisation/v1/email_templates';
export * from './generated/platform/organisation/v1/smtp_settings';
export * from './generated/platform/organisation/v1/account_memberships';
export * from './generated/platform/organisation/v1/email_delivery';
export * from './generated/platform/organisation/v1/invitations';
export * from './generated/platform/organisation/v1/join_requests';
export * from './generated/platform/organisation/v1/creation_invitations';
export * from './generated/platform/organisation/v1/branding';
export * from './generated/platform/organisation/v1/legal_pages';
export * from './generated/platform/organisation/v1/directory';
