import type { AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import { accountHandlers } from './rpc/accounts';
import { accountStatusHandlers } from './rpc/account-status';
import { auditLogHandlers } from './rpc/audit-log';
import type { IdentityDeps } from './rpc/deps';
import { emailVerificationHandlers } from './rpc/email-verification';
import { loginHandlers } from './rpc/login';
import { mfaHandlers } from './rpc/mfa';
import { mfaLoginHandlers } from './rpc/mfa-login';
import { passwordHandlers } from './rpc/passwords';
import { registerHandlers } from './rpc/register';
import { systemSettingsHandlers } from './rpc/system-settings';
import { systemUserHandlers } from './rpc/system-users';
import { tokenHandlers } from './rpc/tokens';

/** Every RPC of platform.identity.v1.IdentityService. */
export function identityService(deps: IdentityDeps): AsyncService<identityV1.IdentityServiceServer> {
  return {
    ...loginHandlers(deps),
    ...mfaLoginHandlers(deps),
    ...registerHandlers(deps),
    ...emailVerificationHandlers(deps),
    ...passwordHandlers(deps),
    ...tokenHandlers(deps),
    ...mfaHandlers(deps),
    ...accountHandlers(deps),
    ...accountStatusHandlers(deps),
    ...systemUserHandlers(deps),
    ...systemSettingsHandlers(deps),
    ...auditLogHandlers(deps),
  };
}
