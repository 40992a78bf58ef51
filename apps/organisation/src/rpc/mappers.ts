import type { organisationV1 } from '@platform/proto';
import { effectiveTemplate, type DefaultTemplate } from '../domain/email-templates';
import { formatIsoDate, profileWireValues, type MemberProfile } from '../domain/member-fields';
import { amountText } from '../domain/money';
import { ROLE_DESCRIPTIONS } from '../domain/roles';
import type { AssignmentWithType } from '../store/assignments';
import type { EmailTemplate, Invoice, MembershipType, Organization, Payment, Role, SmtpSettings } from '../store/generated/client';
import type { MembershipWithRole } from '../store/memberships';
import type { MemberRow, PlatformMemberRow } from '../store/member-list';

export function toOrganisationMessage(org: Organization): organisationV1.Organisation {
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    subdomain: org.subdomain,
    email: org.email,
    orgType: org.orgType,
    description: org.description,
    websiteUrl: org.websiteUrl,
    allowJoinRequests: org.allowJoinRequests,
    customDomain: org.customDomain ?? undefined,
    createdAt: org.createdAt.toISOString(),
    updatedAt: org.updatedAt.toISOString(),
  };
}

const ROLE_ORDER = ['OWNER', 'ADMIN', 'MANAGER', 'MEMBER', 'GUEST'];

/** The roles, highest first. */
export function toRoleMessages(roles: Role[]): organisationV1.Role[] {
  return [...roles]
    .sort((a, b) => ROLE_ORDER.indexOf(a.name) - ROLE_ORDER.indexOf(b.name))
    .map((role) => ({ roleId: role.id, name: role.name, description: ROLE_DESCRIPTIONS[role.name] }));
}

type ProfileMessage = Pick<
  organisationV1.User,
  | 'displayName'
  | 'phoneNumber'
  | 'jobTitle'
  | 'company'
  | 'dateOfBirth'
  | 'addressLine1'
  | 'city'
  | 'postalCode'
  | 'isCertified'
  | 'membershipRenewalDate'
  | 'isExcludedFromListing'
  | 'externalId'
>;

/** The member profile on the wire: '' for a text or date not set. */
export function toProfileMessage(p: MemberProfile): ProfileMessage {
  return { ...profileWireValues(p), externalId: p.externalId ?? '' };
}

/** A membership as its organisation shows it: `id` is the account id. */
export function toUserMessage(m: MembershipWithRole): organisationV1.User {
  return {
    id: m.accountId,
    email: m.email,
    firstName: m.firstName,
    lastName: m.lastName,
    status: m.status,
    roles: [m.role.name],
    joinedAt: m.joinedAt.toISOString(),
    roleId: m.role.id,
    ...toProfileMessage(m),
    createdAt: m.createdAt.toISOString(),
  };
}

export function memberRowToUser(row: MemberRow): organisationV1.User {
  return {
    id: row.account_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    status: row.status,
    roles: [row.role_name],
    joinedAt: row.joined_at.toISOString(),
    roleId: row.role_id,
    ...toProfileMessage({
      displayName: row.display_name,
      phoneNumber: row.phone_number,
      jobTitle: row.job_title,
      company: row.company,
      dateOfBirth: row.date_of_birth,
      addressLine1: row.address_line1,
      city: row.city,
      postalCode: row.postal_code,
      isCertified: row.is_certified,
      membershipRenewalDate: row.membership_renewal_date,
      isExcludedFromListing: row.is_excluded_from_listing,
      externalId: row.external_id,
    }),
    createdAt: row.created_at.toISOString(),
  };
}

export function platformRowToAdminUser(row: PlatformMemberRow): organisationV1.AdminUser {
  return {
    ...memberRowToUser(row),
    organizationId: row.organisation_id,
    organizationName: row.organisation_name,
    organizationSlug: row.organisation_slug,
    accountStatus: row.account_status,
  };
}

export function toEmailTemplateMessage(row: EmailTemplate, fallback: DefaultTemplate): organisationV1.EmailTemplate {
  const shown = effectiveTemplate(row, fallback);
  return {
    id: row.id,
    organizationId: row.organizationId,
    type: row.type,
    subject: shown.subject,
    body: shown.body,
    customized: shown.customized,
    placeholders: [...fallback.placeholders],
    flags: [...fallback.flags],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The SMTP settings as clients see them: never the password, only whether one is saved. */
export function toSmtpConfigMessage(row: SmtpSettings | null): organisationV1.SmtpConfig {
  if (!row)
    return {
      configured: false,
      host: '',
      port: 0,
      username: '',
      fromAddress: '',
      fromName: '',
      secure: false,
      requireTls: true,
      passwordSet: false,
      updatedAt: '',
    };
  return {
    configured: true,
    host: row.host,
    port: row.port,
    username: row.username,
    fromAddress: row.fromAddress,
    fromName: row.fromName,
    secure: row.secure,
    requireTls: row.requireTls,
    passwordSet: row.passwordSealed !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMembershipTypeMessage(t: MembershipType): organisationV1.MembershipType {
  return {
    id: t.id,
    organizationId: t.organizationId,
    name: t.name,
    description: t.description,
    price: { value: amountText(t.price, t.currency) },
    currency: t.currency,
    durationMonths: t.durationMonths,
    benefits: [...t.benefits],
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** An assignment with its type; status EXPIRED as soon as endDate has passed (before the daily job marks it). */
export function toAssignmentMessage(a: AssignmentWithType, invoiceId: string, today: Date): organisationV1.MembershipAssignment {
  return {
    id: a.id,
    organizationId: a.organizationId,
    userId: a.accountId,
    membershipTypeId: a.membershipTypeId,
    startDate: formatIsoDate(a.startDate),
    endDate: formatIsoDate(a.endDate),
    status: a.status === 'EXPIRED' || a.endDate.getTime() < today.getTime() ? 'EXPIRED' : 'ACTIVE',
    membershipType: toMembershipTypeMessage(a.membershipType),
    invoiceId: invoiceId || undefined,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export function toInvoiceMessage(i: Invoice): organisationV1.Invoice {
  return {
    id: i.id,
    organizationId: i.organizationId,
    number: i.number,
    userId: i.accountId,
    membershipTypeId: i.membershipTypeId,
    description: i.description,
    amount: { value: amountText(i.amount, i.currency) },
    currency: i.currency,
    status: i.status,
    periodStart: formatIsoDate(i.periodStart),
    periodEnd: formatIsoDate(i.periodEnd),
    issuedAt: i.issuedAt.toISOString(),
  };
}

export function toPaymentMessage(p: Payment): organisationV1.Payment {
  return {
    id: p.id,
    organizationId: p.organizationId,
    invoiceId: p.invoiceId ?? undefined,
    userId: p.accountId ?? undefined,
    amount: { value: amountText(p.amount, p.currency) },
    currency: p.currency,
    method: p.method,
    status: p.status,
    providerReference: p.providerReference ?? '',
    paidAt: p.paidAt?.toISOString() ?? '',
    createdAt: p.createdAt.toISOString(),
  };
}
