import type { organisationV1 } from '@platform/proto';
import { effectiveTemplate, type DefaultTemplate } from '../domain/email-templates';
import { ROLE_DESCRIPTIONS } from '../domain/roles';
import type { EmailTemplate, Organization, Role, SmtpSettings } from '../store/generated/client';
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
  if (!row) return { configured: false, host: '', port: 0, username: '', fromAddress: '', fromName: '', secure: false, passwordSet: false, updatedAt: '' };
  return {
    configured: true,
    host: row.host,
    port: row.port,
    username: row.username,
    fromAddress: row.fromAddress,
    fromName: row.fromName,
    secure: row.secure,
    passwordSet: row.passwordSealed !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
