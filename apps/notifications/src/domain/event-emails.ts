import type { EmailContext, EmailRequest } from './email-requests';

/** A registration as the events service announces it (events.registration.*). */
export interface RegistrationEmailFacts {
  registrationId: string;
  eventId: string;
  organizationId: string;
  email: string;
  firstName: string;
  lastName: string;
  eventTitle: string;
  eventStartDate: string;
  eventLocation: string;
}

/** "2027-03-14 18:00 UTC" from an ISO timestamp (the text as given when it is not one). */
export function startsAt(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const eventValues = (ctx: EmailContext, r: RegistrationEmailFacts) => ({
  'app.name': ctx.platformName,
  'app.url': ctx.appUrl,
  // The dispatcher puts the organisation's name from its delivery settings in place of this one.
  'org.name': '',
  'org.slug': '',
  'user.email': r.email,
  'user.firstName': r.firstName,
  'user.lastName': r.lastName,
  'event.title': r.eventTitle,
  'event.startsAt': startsAt(r.eventStartDate),
  'event.location': r.eventLocation,
  'event.url': `${ctx.appUrl}/orgs/${r.organizationId}/events/${r.eventId}`,
});

/** events.registration.confirmed → EVENT_CONFIRMATION (null: no address to write to). */
export function confirmationEmail(ctx: EmailContext, r: RegistrationEmailFacts): EmailRequest | null {
  if (r.email.trim() === '') return null;
  return {
    organizationId: r.organizationId,
    type: 'EVENT_CONFIRMATION',
    recipient: r.email,
    values: eventValues(ctx, r),
    flags: { waitlisted: false },
    sealedValues: {},
  };
}

/** events.registration.cancelled because the event was cancelled → EVENT_CANCELLED with the reason (null otherwise). */
export function cancellationEmail(ctx: EmailContext, r: RegistrationEmailFacts, eventCancelled: boolean, reason: string): EmailRequest | null {
  if (!eventCancelled || r.email.trim() === '') return null;
  return {
    organizationId: r.organizationId,
    type: 'EVENT_CANCELLED',
    recipient: r.email,
    values: { ...eventValues(ctx, r), reason },
    flags: { hasReason: reason.trim() !== '' },
    sealedValues: {},
  };
}
