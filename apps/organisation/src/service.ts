import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import { accountMembershipHandlers } from './rpc/account-memberships';
import { adminUserHandlers } from './rpc/admin-users';
import { createWithOwnerHandlers } from './rpc/create-with-owner';
import type { OrganisationDeps } from './rpc/deps';
import { emailDeliveryHandlers } from './rpc/email-delivery';
import { emailTemplateHandlers } from './rpc/email-templates';
import { memberHandlers } from './rpc/members';
import { membershipSnapshotHandlers } from './rpc/membership-snapshot';
import { organisationHandlers } from './rpc/organisations';
import { smtpSettingsHandlers } from './rpc/smtp-settings';

/** Every RPC of platform.organisation.v1.OrganisationService. */
export function organisationService(deps: OrganisationDeps): AsyncService<organisationV1.OrganisationServiceServer> {
  return {
    ...organisationHandlers(deps),
    ...createWithOwnerHandlers(deps),
    ...memberHandlers(deps),
    ...adminUserHandlers(deps),
    ...accountMembershipHandlers(deps),
    ...emailTemplateHandlers(deps),
    ...smtpSettingsHandlers(deps),
    ...emailDeliveryHandlers(deps),
    ...membershipSnapshotHandlers(deps),
  };
}
