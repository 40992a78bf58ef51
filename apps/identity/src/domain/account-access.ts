import { ErrorCode, PlatformError } from '@platform/errors';

export type AccountStatus = 'PENDING_VERIFICATION' | 'ACTIVE' | 'SUSPENDED' | 'DEACTIVATED' | 'BANNED';

/**
 * Whether an account whose password matched may get a session. PENDING_VERIFICATION may log in;
 * SUSPENDED, BANNED and DEACTIVATED are refused with 403.
 */
export function assertMayLogIn(status: AccountStatus): void {
  switch (status) {
    case 'ACTIVE':
    case 'PENDING_VERIFICATION':
      return;
    case 'SUSPENDED':
      throw new PlatformError(ErrorCode.ACCOUNT_DISABLED, 'This account is suspended');
    case 'BANNED':
      throw new PlatformError(ErrorCode.ACCOUNT_DISABLED, 'This account is banned');
    case 'DEACTIVATED':
      throw new PlatformError(ErrorCode.ACCOUNT_DISABLED, 'This account is deactivated; a platform administrator can reactivate it');
    default: {
      const unreachable: never = status;
      throw new Error(`unknown account status ${String(unreachable)}`);
    }
  }
}

export const invalidCredentials = (): PlatformError => new PlatformError(ErrorCode.INVALID_CREDENTIALS, 'Invalid email or password');
