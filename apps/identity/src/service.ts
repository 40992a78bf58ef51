import type { AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import type { IdentityDeps } from './deps';
import { accountActivationHandlers } from './rpc/account-activation';
import { accountSessionHandlers } from './rpc/account-sessions';
import { accountStatusHandlers } from './rpc/account-status';
import { accountHandlers } from './rpc/accounts';
import { auditLogHandlers } from './rpc/audit-log';
import { emailVerificationHandlers } from './rpc/email-verification';
import { loginHandlers } from './rpc/login';
import { mfaHandlers } from './rpc/mfa';
import { mfaLoginHandlers } from './rpc/mfa-login';
import { passwordHandlers } from './rpc/passwords';
import { registerHandlers } from './rpc/register';
import { systemSettingsHandlers } from './rpc/system-settings';
import { systemUserHandlers } from './rpc/system-users';
import { tokenHandlers } from './rpc/tokens';

/** Every RPC of platform.identity.v1.IdentityService, each taken from the handler file that answers it. */
export function identityService(deps: IdentityDeps): AsyncService<identityV1.IdentityServiceServer> {
  const { orgLogin, systemLogin } = loginHandlers(deps);
  const { verifyMfaLogin } = mfaLoginHandlers(deps);
  const { register } = registerHandlers(deps);
  const { verifyEmail } = emailVerificationHandlers(deps);
  const { refreshTokens, revokeTokens } = tokenHandlers(deps);
  const { requestPasswordReset, resendPasswordReset, verifyPasswordReset, changePassword } = passwordHandlers(deps);
  const { getMfaStatus, startMfaEnrolment, confirmMfaEnrolment, disableMfa, regenerateBackupCodes } = mfaHandlers(deps);
  const { getCurrentAccount, getHealth, getAccount, batchGetAccounts, ensureAccount, ensureAccounts, discardCreatedAccount } = accountHandlers(deps);
  const { setAccountStatus, deactivateAccount } = accountStatusHandlers(deps);
  const { activateAccount } = accountActivationHandlers(deps);
  const { createSystemUser, listSystemUsers, setSystemRole } = systemUserHandlers(deps);
  const { getSystemSettings, updateSystemSettings, readSystemSettings } = systemSettingsHandlers(deps);
  const { listAuditLogs, listUserAuditLogs, listRecentAuditEntries } = auditLogHandlers(deps);
  const { revokeAccountSessions } = accountSessionHandlers(deps);
  return {
    orgLogin,
    systemLogin,
    verifyMfaLogin,
    register,
    verifyEmail,
    refreshTokens,
    revokeTokens,
    requestPasswordReset,
    resendPasswordReset,
    verifyPasswordReset,
    changePassword,
    getMfaStatus,
    startMfaEnrolment,
    confirmMfaEnrolment,
    disableMfa,
    regenerateBackupCodes,
    getCurrentAccount,
    getHealth,
    getAccount,
    batchGetAccounts,
    ensureAccount,
    ensureAccounts,
    discardCreatedAccount,
    activateAccount,
    setAccountStatus,
    deactivateAccount,
    createSystemUser,
    listSystemUsers,
    setSystemRole,
    getSystemSettings,
    updateSystemSettings,
    readSystemSettings,
    listAuditLogs,
    listUserAuditLogs,
    listRecentAuditEntries,
    revokeAccountSessions,
  };
}
