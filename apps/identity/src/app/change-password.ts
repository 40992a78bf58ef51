import bcrypt from 'bcrypt';
import { PlatformError } from '@platform/errors';
import { callerId, type CallContext } from '@platform/grpc-server';
import type { IdentityDeps } from '../deps';
import { findLiveAccount } from '../store/accounts';
import { assertPasswordRules } from '../domain/password-policy';
import { setPassword } from './set-password';

/** The caller changes their password: the current one is required; their other sessions end. */
export async function changePassword(deps: IdentityDeps, ctx: CallContext, input: { currentPassword: string; newPassword: string }): Promise<void> {
  const account = await findLiveAccount(deps.db, callerId(ctx));
  if (!account) throw PlatformError.notFound('Account');
  const matches = await bcrypt.compare(input.currentPassword, account.passwordHash ?? deps.dummyHash);
  if (!account.passwordHash || !matches) {
    throw PlatformError.validation([{ field: 'currentPassword', message: 'is not correct' }], 'The current password is not correct');
  }
  assertPasswordRules(input.newPassword, account.email, 'newPassword');
  await setPassword(deps, ctx, account, await bcrypt.hash(input.newPassword, deps.bcryptCost), 'CHANGE', { keepSessionId: ctx.caller?.sid });
}
