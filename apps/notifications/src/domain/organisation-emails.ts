import type { EmailContext, EmailRequest } from './email-requests';

const enc = encodeURIComponent;

export interface RenewalDueFacts {
  organizationId: string;
  organizationName: string;
  organizationSlug: string;
  email: string;
  firstName: string;
  lastName: string;
  membershipTypeName: string;
  endDate: string;
  daysLeft: number;
  /** google.type.Decimal in the currency's minor units ("25.00"); absent in a message from before it was one. */
  price?: { value: string } | undefined;
  currency: string;
}

/** organisation.membership.renewal-due → the MEMBERSHIP_RENEWAL reminder (30 and 7 days before the end). */
export function membershipRenewalEmail(ctx: EmailContext, event: RenewalDueFacts): EmailRequest {
  const price = event.price?.value ?? '';
  return {
    organizationId: event.organizationId,
    type: 'MEMBERSHIP_RENEWAL',
    recipient: event.email,
    values: {
      'app.name': ctx.platformName,
      'app.url': ctx.appUrl,
      'org.name': event.organizationName,
      'org.slug': event.organizationSlug,
      'user.email': event.email,
      'user.firstName': event.firstName,
      'user.lastName': event.lastName,
      'membership.type': event.membershipTypeName,
      'membership.endDate': event.endDate,
      'membership.daysLeft': String(event.daysLeft),
      'membership.price': price,
      'membership.currency': event.currency,
      loginUrl: `${ctx.appUrl}/login?org=${enc(event.organizationSlug)}`,
    },
    flags: { isLastReminder: event.daysLeft <= 7, isPaid: price !== '' && !/^0(\.0+)?$/.test(price) },
    sealedValues: {},
  };
}
