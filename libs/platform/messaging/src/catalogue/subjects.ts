import { contentEventsV1, eventLifecycleV1, eventsCommonV1, identityEventsV1, organisationEventsV1 } from '@platform/proto';

/** What the catalogue needs of a ts-proto message: its binary encoding. */
export interface EventCodec<T> {
  encode(message: T): { finish(): Uint8Array };
  decode(input: Uint8Array): T;
}

/**
 * Every domain-event subject of the platform (`<service>.<entity>.<verb>`, plus `audit.recorded`)
 * with the proto message its payload is. Producers and consumers name subjects through
 * {@link SUBJECTS}, so a subject is spelled once and its payload type follows from it.
 */
export const MESSAGE_CATALOGUE = {
  'identity.user.registered': identityEventsV1.UserRegistered,
  'identity.session.revoked': identityEventsV1.SessionRevoked,
  'identity.account.updated': identityEventsV1.AccountUpdated,
  'identity.password.reset-requested': identityEventsV1.PasswordResetRequested,
  'identity.password.changed': identityEventsV1.PasswordChanged,
  'organisation.membership.changed': organisationEventsV1.MembershipChanged,
  'organisation.member.invited': organisationEventsV1.MemberInvited,
  'organisation.organisation.created': organisationEventsV1.OrganisationCreated,
  'organisation.organisation.deleted': organisationEventsV1.OrganisationDeleted,
  'organisation.member.profile-changed': organisationEventsV1.MemberProfileChanged,
  'organisation.membership.assigned': organisationEventsV1.MembershipAssigned,
  'organisation.membership.renewed': organisationEventsV1.MembershipRenewed,
  'organisation.membership.expired': organisationEventsV1.MembershipExpired,
  'organisation.membership.renewal-due': organisationEventsV1.MembershipRenewalDue,
  'organisation.invitation.accepted': organisationEventsV1.InvitationAccepted,
  'organisation.join-request.decided': organisationEventsV1.JoinRequestDecided,
  'organisation.creation-invitation.created': organisationEventsV1.CreationInvitationCreated,
  'events.event.published': eventLifecycleV1.EventPublished,
  'events.event.cancelled': eventLifecycleV1.EventCancelled,
  'events.event.updated': eventLifecycleV1.EventUpdated,
  'events.registration.confirmed': eventLifecycleV1.RegistrationConfirmed,
  'events.registration.cancelled': eventLifecycleV1.RegistrationCancelled,
  'content.article.published': contentEventsV1.ArticlePublished,
  'audit.recorded': eventsCommonV1.AuditRecorded,
} as const satisfies Record<string, EventCodec<unknown>>;

/** A catalogued subject. */
export type Subject = keyof typeof MESSAGE_CATALOGUE;

/** The decoded payload of a subject (`PayloadOf<'identity.user.registered'>` is `UserRegistered`). */
export type PayloadOf<S extends Subject> = (typeof MESSAGE_CATALOGUE)[S] extends EventCodec<infer T> ? T : never;

/** The subjects by name, for code. */
export const SUBJECTS = {
  userRegistered: 'identity.user.registered',
  sessionRevoked: 'identity.session.revoked',
  accountUpdated: 'identity.account.updated',
  passwordResetRequested: 'identity.password.reset-requested',
  passwordChanged: 'identity.password.changed',
  membershipChanged: 'organisation.membership.changed',
  memberInvited: 'organisation.member.invited',
  organizationCreated: 'organisation.organisation.created',
  organizationDeleted: 'organisation.organisation.deleted',
  memberProfileChanged: 'organisation.member.profile-changed',
  membershipAssigned: 'organisation.membership.assigned',
  membershipRenewed: 'organisation.membership.renewed',
  membershipExpired: 'organisation.membership.expired',
  membershipRenewalDue: 'organisation.membership.renewal-due',
  invitationAccepted: 'organisation.invitation.accepted',
  joinRequestDecided: 'organisation.join-request.decided',
  creationInvitationCreated: 'organisation.creation-invitation.created',
  eventPublished: 'events.event.published',
  eventCancelled: 'events.event.cancelled',
  eventUpdated: 'events.event.updated',
  registrationConfirmed: 'events.registration.confirmed',
  registrationCancelled: 'events.registration.cancelled',
  articlePublished: 'content.article.published',
  auditRecorded: 'audit.recorded',
} as const satisfies Record<string, Subject>;

/** Every catalogued subject, in catalogue order (what the service registry's `consumes` lists are checked against). */
export const ALL_SUBJECTS: readonly Subject[] = Object.keys(MESSAGE_CATALOGUE) as Subject[];

export function isCataloguedSubject(subject: string): subject is Subject {
  return Object.prototype.hasOwnProperty.call(MESSAGE_CATALOGUE, subject);
}

/** The payload of a subject, encoded. */
export function encodePayload<S extends Subject>(subject: S, payload: PayloadOf<S>): Uint8Array {
  const codec: EventCodec<unknown> = MESSAGE_CATALOGUE[subject];
  return codec.encode(payload).finish();
}

/** A subject's payload, decoded (throws on bytes that are not one). */
export function decodePayload<S extends Subject>(subject: S, data: Uint8Array): PayloadOf<S> {
  const codec: EventCodec<unknown> = MESSAGE_CATALOGUE[subject];
  return codec.decode(data) as PayloadOf<S>;
}
