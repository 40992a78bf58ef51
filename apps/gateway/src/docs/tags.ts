import type { Route } from '../routing/route-table';

/** An OpenAPI tag: one resource of the API, as someone writing a client looks for it. */
export interface OperationTag {
  name: string;
  description: string;
}

/**
 * The resources of the REST API, in the order a client author reads them (the document's top-level
 * `tags`; Swagger UI groups the operations so). Each exposed RPC names its tag in its access option
 * (`tag` in proto/platform/options/v1/access.proto), beside its path and auth level; tags.spec.ts
 * checks that every operation names one of these and that each of these is used.
 */
export const OPERATION_TAGS: readonly OperationTag[] = [
  { name: 'Auth', description: 'Sign in and out, the second factor of a sign-in, token refresh, registration, email verification and password reset.' },
  { name: 'Account & MFA', description: "The caller's own account: who am I, password change, deactivation, and two-factor authentication with backup codes." },
  { name: 'Organisations', description: 'Organisations: create, find by id, slug or subdomain, update and delete; creation invitations.' },
  { name: 'Branding & legal', description: "An organisation's colours, font and logo (assets), and its legal pages, also public by slug." },
  { name: 'Members', description: "An organisation's members and their memberships, and the member directory with its settings." },
  { name: 'Roles', description: 'The five roles of an organisation (OWNER, ADMIN, MANAGER, MEMBER, GUEST) with their ids.' },
  { name: 'Invitations', description: 'Invite a person by email with a role; the invitee accepts with the token from the email.' },
  { name: 'Join requests', description: 'Ask to join an organisation from its public page; administrators approve or reject.' },
  { name: 'Membership types', description: "Membership types (price, duration, benefits) and each member's assignment and renewal." },
  { name: 'Billing', description: 'Invoices and payments of an organisation, and the platform subscriptions (read-only).' },
  { name: 'Events', description: 'Events with their state (draft, published, cancelled), CSV import and iCalendar feeds.' },
  { name: 'Registrations', description: 'Registrations for an event, with exact capacity and a waiting list.' },
  { name: 'Surveys', description: "An event's survey responses." },
  { name: 'News', description: 'News articles: drafts, scheduled publishing, members-only visibility, archive.' },
  { name: 'Comments', description: 'Threaded comments on news articles.' },
  { name: 'Companies', description: 'Companies listed by an organisation (imported from the legacy site or entered).' },
  { name: 'Documents', description: 'Documents: upload (multipart), list, read with a signed download URL, delete.' },
  { name: 'Folders', description: 'Folders that hold documents; they nest.' },
  { name: 'Storage', description: 'Downloads of stored files (public or by signed URL) and where new files are stored.' },
  { name: 'Notifications', description: 'Send a push notification with an inbox entry; register the devices that receive pushes.' },
  { name: 'Inbox', description: "The caller's own notifications: list, read or unread, delete." },
  { name: 'Email', description: "An organisation's email templates and SMTP server, and the log of email sent." },
  { name: 'Connectors', description: 'Connectors to an outside source (the legacy site): set up, test, totals.' },
  { name: 'Sync jobs', description: "A connector's sync jobs: start, follow, stop, and the per-record log." },
  { name: 'Platform users', description: 'Platform administration of accounts: every user across organisations, account status, staff users.' },
  { name: 'System', description: 'Platform settings and health.' },
  { name: 'Audit', description: 'The audit log of who did what, for platform administrators.' },
];

/**
 * The tag the route's RPC names in its access option. An RPC that names none is filed under its
 * service's name, so the document still renders (tags.spec.ts fails until it names one).
 */
export function tagOf(route: Route): string {
  const options = (route.rpc.definition.options ?? {}) as Record<string, unknown>;
  const access = options['(platform.options.v1.access)'] as { tag?: unknown } | undefined;
  if (typeof access?.tag === 'string' && access.tag !== '') return access.tag;
  return route.service.fullName.slice(route.service.fullName.lastIndexOf('.') + 1);
}
