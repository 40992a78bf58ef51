import { decodePayload, PoisonMessage, SUBJECTS, type PayloadOf } from '@platform/messaging';
import type { Logger } from '@platform/telemetry';
import type { LoginLockout } from '../lockout/login-lockout';
import type { MessageSubscriber, RunningSubscription } from './message-bus';

export const PASSWORD_CHANGED_DURABLE = 'gateway-password-changes';

/**
 * Clears an account's login lockout when its password is reset or changed: whoever proved they own
 * the address (the reset code) or knew the password may sign in again at once. Idempotent.
 */
export function startPasswordChangedConsumer(bus: MessageSubscriber, lockout: LoginLockout, logger: Logger): Promise<RunningSubscription> {
  return bus.subscribe(PASSWORD_CHANGED_DURABLE, SUBJECTS.passwordChanged, async (payload) => {
    let event: PayloadOf<typeof SUBJECTS.passwordChanged>;
    try {
      event = decodePayload(SUBJECTS.passwordChanged, payload);
    } catch (err) {
      throw new PoisonMessage(`does not decode as ${SUBJECTS.passwordChanged}`, { cause: err });
    }
    if (!event.email) return;
    await lockout.clear(event.email);
    logger.info({ accountId: event.accountId }, 'login lockout cleared after a password change');
  });
}
