import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import type { OrganisationDeps } from './deps';
import { accountMembershipHandlers } from './rpc/account-memberships';
import { adminUserHandlers } from './rpc/admin-users';
import { billingHandlers } from './rpc/billing';
import { creationInvitationHandlers } from './rpc/creation-invitations';
import { brandingHandlers } from './rpc/branding';
import { directoryHandlers } from './rpc/directory';
import { emailDeliveryHandlers } from './rpc/email-delivery';
import { emailTemplateHandlers } from './rpc/email-templates';
import { invitationHandlers } from './rpc/invitations';
import { joinRequestHandlers } from './rpc/join-requests';
import { legalPageHandlers } from './rpc/legal-pages';
import { memberImportHandlers } from './rpc/member-import';
import { memberHandlers } from './rpc/members';
import { membershipTypeHandlers } from './rpc/membership-types';
import { organizationHandlers } from './rpc/organisations';
import { roleHandlers } from './rpc/roles';
import { smtpSettingsHandlers } from './rpc/smtp-settings';

/**
 * Every RPC of platform.organisation.v1.OrganisationService, each taken from the handler file that
 * answers it: one file per section of the proto (organisations.proto → rpc/organisations.ts, …).
 */
export function organisationService(deps: OrganisationDeps): AsyncService<organisationV1.OrganisationServiceServer> {
  const {
    createOrganisation,
    createOrganisationWithOwner,
    listOrganisations,
    getOrganisation,
    getOrganisationBySlug,
    getOrganisationBySubdomain,
    getOrganisationByDomain,
    updateOrganisation,
    deleteOrganisation,
    getHealth,
  } = organizationHandlers(deps);
  const { listOrganisationRoles } = roleHandlers(deps);
  const { listMembers, getMember, addMember, updateMember, removeMember } = memberHandlers(deps);
  const { listUsers, getUser } = adminUserHandlers(deps);
  const { listEmailTemplates, getEmailTemplateByType, updateEmailTemplate, previewEmailTemplate, resetEmailTemplate } = emailTemplateHandlers(deps);
  const { getSmtpSettings, updateSmtpSettings, testSmtpConnection, sendSmtpTestEmail } = smtpSettingsHandlers(deps);
  const { listAccountMemberships, listMembershipSnapshot } = accountMembershipHandlers(deps);
  const { getEmailDelivery } = emailDeliveryHandlers(deps);
  const { upsertMembers } = memberImportHandlers(deps);
  const { listMembershipTypes, createMembershipType, updateMembershipType, deleteMembershipType, getMembershipAssignment, assignMembership, renewMembership } =
    membershipTypeHandlers(deps);
  const { listInvoices, listPayments, getPayment, listSubscriptions } = billingHandlers(deps);
  const { createInvitation, listInvitations, cancelInvitation, acceptInvitation } = invitationHandlers(deps);
  const { submitJoinRequest, listJoinRequests, countPendingJoinRequests, approveJoinRequest, rejectJoinRequest } = joinRequestHandlers(deps);
  const { createCreationInvitation, listCreationInvitations, cancelCreationInvitation, validateCreationInvitation, createOrganisationWithInvitation } =
    creationInvitationHandlers(deps);
  const { getBranding, getPublicBranding, updateBranding } = brandingHandlers(deps);
  const { getLegalPages, getPublicLegalPages, updateLegalPages } = legalPageHandlers(deps);
  const { listDirectory, getDirectoryConfig, updateDirectoryConfig } = directoryHandlers(deps);
  return {
    createOrganisation,
    createOrganisationWithOwner,
    listOrganisations,
    getOrganisation,
    getOrganisationBySlug,
    getOrganisationBySubdomain,
    getOrganisationByDomain,
    updateOrganisation,
    deleteOrganisation,
    getHealth,
    listOrganisationRoles,
    listMembers,
    getMember,
    addMember,
    updateMember,
    removeMember,
    listUsers,
    getUser,
    listEmailTemplates,
    getEmailTemplateByType,
    updateEmailTemplate,
    previewEmailTemplate,
    resetEmailTemplate,
    getSmtpSettings,
    updateSmtpSettings,
    testSmtpConnection,
    sendSmtpTestEmail,
    listAccountMemberships,
    listMembershipSnapshot,
    getEmailDelivery,
    upsertMembers,
    listMembershipTypes,
    createMembershipType,
    updateMembershipType,
    deleteMembershipType,
    getMembershipAssignment,
    assignMembership,
    renewMembership,
    listInvoices,
    listPayments,
    getPayment,
    listSubscriptions,
    createInvitation,
    listInvitations,
    cancelInvitation,
    acceptInvitation,
    submitJoinRequest,
    listJoinRequests,
    countPendingJoinRequests,
    approveJoinRequest,
    rejectJoinRequest,
    createCreationInvitation,
    listCreationInvitations,
    cancelCreationInvitation,
    validateCreationInvitation,
    createOrganisationWithInvitation,
    getBranding,
    getPublicBranding,
    updateBranding,
    getLegalPages,
    getPublicLegalPages,
    updateLegalPages,
    listDirectory,
    getDirectoryConfig,
    updateDirectoryConfig,
  };
}
